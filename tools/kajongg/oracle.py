#!/usr/bin/python3
"""Differential oracle: score our table JSON documents with KDE Kajongg's own scorer.

Run with Debian's system interpreter (it has qtpy; the pyenv `python3` does not):

    QT_QPA_PLATFORM=offscreen /usr/bin/python3 tools/kajongg/oracle.py < tables.jsonl

Input: one table JSON object per line (docs: /work/shared/formats/table-json.md), each with
"ruleset": "dmjl" or "bmja". Output: one JSON line per input line:

    {"ruleset": "dmjl", "winner": "N", "seats": {"E": {"total": 20, "points": 10,
     "doubles": 1, "limits": 0.0, "won": false, "rules": ["Exposed Pung", ...],
     "effective_rules": [...], "string": "<the Kajongg hand string>"}, ...},
     "error": "..." (only on failure)}

"total" is Kajongg's hand total after the limit (Hand.total()); "points"/"doubles"/
"limits" its Score after that call. "rules" are the names of hand.usedRules, in Kajongg's
order. Kajongg keeps every rule there when a fractional limit hand (0.5/0.4/0.2 L) does
not beat the ordinary total, or ties with it; "effective_rules" lists only those that made
the total: the largest limit rule when a limit counted, else the rules without limits.

Nothing of Kajongg is copied here: its modules are imported from /usr/share/kajongg
(KAJONGG_DIR overrides) and called. The predefined rulesets come straight from
predefined.py (ClassicalChineseDMJL / ClassicalChineseBMJA), no database.

Kajongg's hand-string notation (hand.py, meld.py, tile.py) and our mapping to it
---------------------------------------------------------------------------------
Tiles are two characters, group letter + value. LOWER-case group = exposed (visible),
UPPER-case = concealed. Groups: s stone (our dots D), b bamboo (B), c character (C),
w wind (value e s w n), d dragon (value b=white, g=green, r=red), f flower, y season
(bonus tiles, value e s w n = our 1..4, always written lower case).
    ours 5D -> s5/S5,  2B -> b2/B2,  9C -> c9/C9,  EW -> we/We,  NW -> wn/Wn,
    WD -> db/Db,  GD -> dg/Dg,  RD -> dr/Dr,  1F..4F -> fe fs fw fn,  1S..4S -> ye ys yw yn
A hand string is space separated parts:
  * melds, one per part: exposed chow/pung/pair all lower case ("b2b3b4"); a concealed
    set all upper case ("B2B3B4"). Kongs: concealed kong (4 drawn tiles) "b2B2B2b2";
    claimed kong (a discard added to a concealed pung; scores exposed, counts concealed
    for Only Concealed Melds etc.) "b2b2b2B2"; exposed/annexed kong (drawn tile added to
    an exposed pung) "b2b2b2b2". Ours: kong "concealed"/"claimed"/"annexed"; a kong
    without "kong" uses "exposed" (true -> annexed form, else concealed form).
  * "R" + the concealed tiles not yet arranged (upper case): our "concealed" list.
    Kajongg arranges them (best total, winning arrangements first).
  * bonus tiles, one part each ("fe").
  * "m" + last-tile source char + announcement chars. Sources (tilesource.py):
        w live wall, z last live-wall tile, e dead wall (loose tile), d discard,
        Z discard right after the last wall tile, k robbed kong, 1 East's 14th tile
        (Blessing of Heaven / Earth), . unknown.
    Ours: win.from wall -> w (z if last_tile); loose -> e; discard -> d (Z if
    last_tile); robbed_kong -> k; win.heaven -> 1 (and no last tile, as Kajongg asserts);
    win.earth -> 1 (with the claimed tile as last tile).
    Announcements: win.original_call -> "a"; win.kong_upon_kong -> "t" (Twofold Fortune).
  * "L" + last tile [+ the meld it completed]. Self-drawn: upper case tile, no meld
    (Kajongg picks the best meld itself). Claimed (discard/robbed/earth): lower case tile
    plus the exposed meld it completed, e.g. "Ls5s4s5s6".
Losers: their sets, "R" + concealed, bonus tiles; no "m"/"L" part.
Seat wind = the seat key; round wind = prevailing_wind.

How a claimed win is built (what Kajongg's own player does on declaring Mah Jongg:
player.declaredMahJongg exposes the meld completed by the discard):
  * The completed set is our winning set: the set marked "winning", else (as our table
    reader infers) the last exposed non-kong set holding the winning tile whose "claimed"
    tile is not another tile. When there is none (the tile is among "concealed"), every
    meld the tile could complete (single, pair, pung, chows, knitted pair/triple) is tried
    as the declared exposed meld (not for Gates of Heaven / Nine Gates, see consider()),
    and so is every concealed meld holding the tile in the arrangement Kajongg finds as if
    the tile were drawn (Kajongg's own player arranges so, player.py __maySayMahjongg,
    then exposes the completed meld); the best Kajongg total is kept (a player declares
    the best one; ties go to the larger uncapped value). Variants Kajongg cannot evaluate (it raises, e.g. a declared
    knitted triple with an "R" part) are skipped.
  * Two passes: Kajongg's Hand, given an "R" part with a discard source (d/Z), also
    exposes any concealed meld holding the discarded tile's kind, which is wrong when the
    completed meld is already given. So pass 1 arranges "R" with source "." and pass 2
    scores the fully arranged string (no "R") with the real source.
Fake objects: a Player with wind, mayWin, handCache, intelligence (AIDefaultAI), and
tileAvailable (Kajongg's own formula; it matters only for Thirteen Orphans' calling
test) and visibleTiles (his exposed sets and kongs); a Game with ruleset, roundWind,
moves=[] (no robbed concealed kong), lastDiscard (the claimed winning tile) and
discardedTiles: the discards not claimed for a set, as Kajongg keeps it (see
unclaimed_discards).
East won nine times in a row queries Kajongg's database; here it is: winner is East and
east_consecutive_wins == 8 (this is his 9th win in a row).
Washout (winner null): Kajongg's handTotal is 0 for every player (player.handTotal);
we report total 0 for every seat and "washout": true (the hands are not scored).
"""

import json
import os
import sys
import traceback
import weakref

KAJONGG_DIR = os.environ.get('KAJONGG_DIR', '/usr/share/kajongg')
sys.path.insert(0, KAJONGG_DIR)
sys.argv = sys.argv[:1]
os.environ.setdefault('QT_QPA_PLATFORM', 'offscreen')

import rulecode  # noqa: E402
from wind import Wind, East  # noqa: E402

# KJ-L15: Kajongg asks its database; we take the count from the table (see header).
_EAST_WINS = {'count': 0}


def _east_nine(hand):
    return hand.ownWind is East and hand.won and _EAST_WINS['count'] == 8


rulecode.EastWonNineTimesInARow.appliesToHand = staticmethod(_east_nine)

import predefined  # noqa: E402
from rule import PredefinedRuleset  # noqa: E402
from hand import Hand  # noqa: E402
from tile import Tile  # noqa: E402
from common import IntDict  # noqa: E402
from intelligence import AIDefaultAI  # noqa: E402

predefined.load()
RULESETS = {}
for _rs in PredefinedRuleset.rulesets():
    _rs.load()
    if _rs.name == 'Classical Chinese DMJL':
        RULESETS['dmjl'] = _rs
    elif _rs.name == 'Classical Chinese BMJA':
        RULESETS['bmja'] = _rs

SEATS = ['E', 'S', 'W', 'N']
WIND_CHAR = {'E': 'e', 'S': 's', 'W': 'w', 'N': 'n'}
DRAGON_CHAR = {'W': 'b', 'G': 'g', 'R': 'r'}
SUIT_CHAR = {'B': 'b', 'C': 'c', 'D': 's'}


def ktile(code, exposed):
    """our tile code -> Kajongg tile string (lower case = exposed)."""
    code = code.upper()
    a, b = code[0], code[1]
    if b in SUIT_CHAR and a.isdigit() and a != '0':
        s = SUIT_CHAR[b] + a
    elif b == 'W' and a in WIND_CHAR:
        s = 'w' + WIND_CHAR[a]
    elif b == 'D' and a in DRAGON_CHAR:
        s = 'd' + DRAGON_CHAR[a]
    elif b == 'F' and a in '1234':
        return 'f' + 'eswn'[int(a) - 1]
    elif b == 'S' and a in '1234':
        return 'y' + 'eswn'[int(a) - 1]
    else:
        raise ValueError('tile %s has no Kajongg equivalent' % code)
    return s if exposed else s[0].upper() + s[1]


def kind_key(code):
    return ktile(code, True)


class FakeGame:
    def __init__(self, ruleset, round_wind, discards):
        self.ruleset = ruleset
        self.roundWind = Wind(round_wind)
        self.moves = []
        self.players = []
        self.discardedTiles = IntDict()
        for d in discards:
            self.discardedTiles[Tile(ktile(d.split(':')[1], True))] += 1
        self.lastDiscard = None
        self.winner = None

    def debug(self, msg, *args, **kw):
        pass

    @staticmethod
    def belongsToRobotPlayer():
        return False

    @staticmethod
    def isScoringGame():
        return False


class FakePlayer:
    def __init__(self, game, wind):
        self._game = weakref.ref(game)
        self.name = 'Seat' + wind
        self.wind = Wind(wind)
        self.mayWin = True
        self.handCache = {}
        self.cacheHits = self.cacheMisses = 0
        self.intelligence = AIDefaultAI(self)
        self.visibleTiles = IntDict()

    @property
    def game(self):
        return self._game()

    def sortRulesByX(self, rules):
        return rules

    def others(self):
        return (x for x in self.game.players if x is not self)

    def tileAvailable(self, tileName, hand):
        """How many copies of a tile may still come, counted as Kajongg's player counts
        them: 4 less the unclaimed discards (the discard just won on not counted while
        the hand is a calling hand), the other players' visible sets and this hand's
        own copies of it (any case)."""
        kind = tileName.exposed
        seen = self.game.discardedTiles.count([kind])
        just_won = self.game.lastDiscard is not None and self.game.lastDiscard.exposed is kind
        if seen and hand.lenOffset == 0 and just_won:
            seen -= 1
        for other in self.others():
            seen += other.visibleTiles.count([kind, tileName.concealed])
        seen += len([t for t in hand.tiles if t.exposed == kind])
        return 4 - seen


def set_string(s):
    """one of our declared sets -> (Kajongg meld string, exposed?)."""
    kind = s['kind']
    tiles = s['tiles']
    if kind == 'kong':
        k = s.get('kong')
        if k is None:
            k = 'annexed' if s.get('exposed') else 'concealed'
        lo, up = ktile(tiles[0], True), ktile(tiles[0], False)
        if k == 'concealed':
            return lo + up + up + lo, False
        if k == 'claimed':
            return lo + lo + lo + up, True
        if k == 'annexed':
            return lo * 4, True
        raise ValueError('unknown kong kind %s' % k)
    exposed = bool(s.get('exposed', False))
    order = sorted(tiles, key=lambda t: Tile(ktile(t, True)).key)
    return ''.join(ktile(t, exposed) for t in order), exposed


def winning_set_index(seat, win):
    """the winner's declared set completed by a claimed winning tile (as table.rs does)."""
    sets = seat.get('sets', [])
    for j, s in enumerate(sets):
        if s.get('winning'):
            return j
    wk = kind_key(win['tile'])
    for j in range(len(sets) - 1, -1, -1):
        s = sets[j]
        exposed = bool(s.get('exposed', False)) if s['kind'] != 'kong' else False
        if not exposed or s['kind'] == 'kong':
            continue
        if wk not in [kind_key(t) for t in s['tiles']]:
            continue
        claimed = s.get('claimed')
        if claimed and kind_key(claimed) != wk:
            continue
        return j
    return None


def candidate_melds(win_tile, concealed):
    """melds (lists of our codes) that the claimed tile could complete from concealed."""
    counts = {}
    for t in concealed:
        counts[kind_key(t)] = counts.get(kind_key(t), 0) + 1
    code = win_tile.upper()
    wk = kind_key(code)
    out = [[code]]
    if counts.get(wk, 0) >= 2:
        out.append([code] * 2)
    if counts.get(wk, 0) >= 3:
        out.append([code] * 3)
    if code[0].isdigit() and code[1] in SUIT_CHAR:
        v, suit = int(code[0]), code[1]

        def have(tiles):
            need = {}
            for t in tiles:
                need[kind_key(t)] = need.get(kind_key(t), 0) + 1
            return all(counts.get(k, 0) >= n for k, n in need.items())
        for lo in (v - 2, v - 1, v):
            if lo >= 1 and lo + 2 <= 9:
                chow = ['%d%s' % (x, suit) for x in (lo, lo + 1, lo + 2)]
                if have(chow):
                    out.append(chow)
        others = [x for x in SUIT_CHAR if x != suit]
        for o in others:
            pair = [code, '%d%s' % (v, o)]
            if have(pair):
                out.append(pair)
        triple = [code] + ['%d%s' % (v, o) for o in others]
        if have(triple):
            out.append(triple)
    return out


def remove_tiles(concealed, tiles):
    rest = list(concealed)
    for t in tiles:
        k = kind_key(t)
        for i, c in enumerate(rest):
            if kind_key(c) == k:
                del rest[i]
                break
        else:
            raise ValueError('tile %s not among concealed %s' % (t, concealed))
    return rest


def loser_string(seat):
    parts = [set_string(s)[0] for s in seat.get('sets', [])]
    if seat.get('concealed'):
        parts.append('R' + ''.join(ktile(t, False) for t in seat['concealed']))
    parts.extend(ktile(t, True) for t in seat.get('bonus', []))
    return ' '.join(parts)


def source_char(win):
    if win.get('heaven') or win.get('earth'):
        return '1'
    f = win['from']
    if f == 'wall':
        return 'z' if win.get('last_tile') else 'w'
    if f == 'loose':
        return 'e'
    if f == 'discard':
        return 'Z' if win.get('last_tile') else 'd'
    if f == 'robbed_kong':
        return 'k'
    raise ValueError('unknown win.from %s' % f)


def announcements(win):
    # Hand.__parseString keeps only the first announcement char (set(part[2])), so with
    # both only "t" counts: Twofold Fortune is a limit hand, Original Call would not count.
    a = ''
    if win.get('kong_upon_kong'):
        a += 't'
    if win.get('original_call'):
        a += 'a'
    return a


def summary(hand, string):
    total = hand.total()  # Score.total() settles limits: a losing fraction becomes 0
    score = hand.score
    rules = [u.rule.name for u in hand.usedRules]
    # Kajongg keeps every rule in usedRules when a fractional limit hand (0.5/0.4/0.2 L)
    # ties or loses against the ordinary total; "effective" lists what made the total.
    if score.limits:
        best = Hand.maxLimitRule(hand.usedRules)
        effective = [best.rule.name]
    else:
        effective = [u.rule.name for u in hand.usedRules if not u.rule.score.limits]
    return {
        'total': total,
        'points': score.points,
        'doubles': score.doubles,
        'limits': score.limits,
        'won': bool(hand.won),
        'rules': rules,
        'effective_rules': effective,
        'string': string,
    }


def winner_hand(player, seat, win):
    src = source_char(win)
    ann = announcements(win)
    bonus = [ktile(t, True) for t in seat.get('bonus', [])]
    sets = seat.get('sets', [])
    concealed = list(seat.get('concealed', []))
    claimed = win['from'] in ('discard', 'robbed_kong') or (win.get('earth') and
                                                            win['from'] != 'wall')
    if not claimed:
        parts = [set_string(s)[0] for s in sets]
        if concealed:
            parts.append('R' + ''.join(ktile(t, False) for t in concealed))
        parts.extend(bonus)
        parts.append('m' + src + ann)
        if not win.get('heaven'):
            parts.append('L' + ktile(win['tile'], False))
        string = ' '.join(parts)
        return Hand(player, string), string

    # claimed winning tile: fix the completed meld, arrange the rest, then score
    wt_lo = ktile(win['tile'], True)
    j = winning_set_index(seat, win)
    variants = []
    if j is not None:
        declared = [set_string(s)[0] for i, s in enumerate(sets) if i != j]
        meld = set_string(dict(sets[j], exposed=True))[0]
        variants.append((declared, meld, concealed))
    else:
        declared = [set_string(s)[0] for s in sets]
        for m in candidate_melds(win['tile'], concealed):
            rest = remove_tiles(concealed, m)
            order = sorted(m, key=lambda t: Tile(ktile(t, True)).key)
            meld = ''.join(ktile(t, True) for t in order)
            variants.append((declared, meld, rest))
    best = None
    errors = []

    def consider(melds, meld, native):
        nonlocal best
        s2 = ' '.join(melds + bonus + ['m' + src + ann, 'L' + wt_lo + meld])
        h2 = Hand(player, s2)
        if (not native and h2.won and j is None
                and h2.mjRule.name in ('Gates of Heaven', 'Nine Gates')):
            # gates hands only as Kajongg's player declares them: else a claimed 1 or 9
            # could be declared as completing a pair (Kajongg's test only looks for
            # declared melds of 3+ tiles), not the pung it completes
            return
        total = h2.total()
        score = h2.score
        # ties (mostly at the limit) go to the larger uncapped value
        key = (bool(h2.won), total, score.points * 2 ** score.doubles)
        if best is None or key > best[0]:
            best = (key, h2, s2)

    for declared, meld, rest in variants:
        try:
            parts = declared + [meld]
            if rest:
                parts.append('R' + ''.join(ktile(t, False) for t in rest))
            parts.extend(bonus)
            s1 = ' '.join(parts + ['m.' + ann, 'L' + wt_lo + meld])
            h1 = Hand(player, s1)
            melds = [str(x) for x in sorted(h1.melds)]
            if meld not in melds:
                # the completed meld must stay as declared
                continue
            consider(melds, meld, False)
        except Exception as e:  # pylint: disable=broad-except
            errors.append('%s: %s' % (type(e).__name__, e))
    if j is None:
        # also the way Kajongg's own player declares (player.py __maySayMahjongg and
        # declaredMahJongg): arrange with the tile as if drawn, then expose the completed
        # meld; every concealed meld of that arrangement holding the tile is tried.
        try:
            parts = [set_string(x)[0] for x in sets]
            parts.append('R' + ''.join(ktile(t, False) for t in concealed))
            s1 = ' '.join(parts + bonus + ['m.' + ann, 'L' + ktile(win['tile'], False)])
            h1 = Hand(player, s1)
            melds = [str(x) for x in sorted(h1.melds)]
            wt_up = ktile(win['tile'], False)
            for i, m in enumerate(melds):
                if m[0].isupper() and wt_up in [m[k:k + 2] for k in range(0, len(m), 2)]:
                    exposed = str(sorted(h1.melds)[i].exposed)
                    try:
                        consider(melds[:i] + melds[i + 1:] + [exposed], exposed, True)
                    except Exception as e:  # pylint: disable=broad-except
                        errors.append('%s: %s' % (type(e).__name__, e))
        except Exception as e:  # pylint: disable=broad-except
            errors.append('%s: %s' % (type(e).__name__, e))
    if best is None:
        raise ValueError('no way to declare the claimed tile %s: %s' % (win['tile'], errors))
    return best[1], best[2]


def unclaimed_discards(discards, seats, winner, win):
    """the discards still lying in the middle, as Kajongg's game.discardedTiles counts
    them: every discard less the one each claimed set took (exposed pung, claimed or
    annexed kong: its kind; exposed chow: its "claimed" tile). The winning discard stays
    counted, as in Kajongg (servertable.claimMahJongg does not take it back)."""
    left = list(discards)
    wj = None
    if win['from'] == 'discard':
        wj = winning_set_index(seats.get(winner, {}), win)
    for w in SEATS:
        for j, s in enumerate(seats.get(w, {}).get('sets', [])):
            if w == winner and j == wj:
                continue
            if s['kind'] == 'kong':
                taken = s['tiles'][0] if s.get('kong') in ('claimed', 'annexed') else None
            elif s['kind'] == 'pung' and s.get('exposed'):
                taken = s['tiles'][0]
            elif s['kind'] == 'chow' and s.get('exposed'):
                taken = s.get('claimed')
            else:
                taken = None
            if taken is None:
                continue
            # the latest discard of that kind by another seat
            for i in range(len(left) - 1, -1, -1):
                who, tile = left[i].split(':')
                if who != w and kind_key(tile) == kind_key(taken):
                    del left[i]
                    break
    return left


def score_table(t):
    name = t.get('ruleset')
    if name not in RULESETS:
        raise ValueError('ruleset %r is not dmjl or bmja' % name)
    ruleset = RULESETS[name]
    winner = t.get('winner')
    out = {'ruleset': name, 'winner': winner, 'seats': {}}
    if t.get('options'):
        out['warning'] = 'options ignored: %s' % sorted(t['options'])
    if winner is None:
        out['washout'] = True
        for w in SEATS:
            out['seats'][w] = {'total': 0, 'points': 0, 'doubles': 0, 'limits': 0.0,
                               'won': False, 'rules': [], 'effective_rules': [],
                               'string': ''}
        return out
    _EAST_WINS['count'] = int(t.get('east_consecutive_wins', 0))
    seats = t['seats']
    win = t['win']
    game = FakeGame(ruleset, t.get('prevailing_wind', 'E'),
                    unclaimed_discards(t.get('discards', []), seats, winner, win))
    players = {}
    for w in SEATS:
        p = FakePlayer(game, w)
        players[w] = p
        game.players.append(p)
        for s in seats.get(w, {}).get('sets', []):
            meld, exposed = set_string(s)
            if exposed or s['kind'] == 'kong':
                for i in range(0, len(meld), 2):
                    p.visibleTiles[Tile(meld[i:i + 2]).exposed] += 1
    game.winner = players[winner]
    if win['from'] in ('discard', 'robbed_kong'):
        game.lastDiscard = Tile(ktile(win['tile'], True))
    errors = []
    for w in SEATS:
        seat = seats.get(w, {})
        try:
            if w == winner:
                hand, string = winner_hand(players[w], seat, win)
            else:
                string = loser_string(seat)
                hand = Hand(players[w], string)
            out['seats'][w] = summary(hand, string)
        except Exception as e:  # pylint: disable=broad-except
            errors.append('%s: %s: %s' % (w, type(e).__name__, e))
            out['seats'][w] = {'error': '%s: %s' % (type(e).__name__, e)}
    if errors:
        out['error'] = '; '.join(errors)
    return out


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            t = json.loads(line)
            res = score_table(t)
        except Exception as e:  # pylint: disable=broad-except
            res = {'error': '%s: %s' % (type(e).__name__, e)}
            if os.environ.get('ORACLE_TRACE'):
                traceback.print_exc()
        sys.stdout.write(json.dumps(res) + '\n')
        sys.stdout.flush()


if __name__ == '__main__':
    main()
