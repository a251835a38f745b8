#!/usr/bin/python3
"""Random, consistent `japanese-3p` tables of the hands the bots seldom reach.

    /usr/bin/python3 tools/riichi/synth.py --seed 1 --count 2000 > synthetic.jsonl

One table per line (docs/formats/table-json.md, "Japanese three-player fields"): a winner
with a complete hand drawn from a theme, the other two seats empty. Themes (weights in
THEMES): any tiles; Tanyao; one suit (Chin'itsu / Hon'itsu); outside hands (Chanta,
Junchan); Ittsu; Isshoku sanjun; Sanrenkou; all pungs (Toitoi, San'ankou, Suuankou with
the pair wait or not, Sankantsu, Suukantsu with a pair and, rarely, without one); dragons
(Shousangen, Daisangen); winds (Suushiihou big and little, double winds); honours only
(Tsuuiisou); terminals only (Chinroutou); terminals and honours (Honroutou); green
(Ryuuiisou, with or without the green dragon); Chiitoitsu; Kokushi musou; Chuuren poutou.
Then at random: some pungs exposed and some kongs (concealed, claimed, annexed) where the
theme allows; Norths set aside; the win from the wall, a discard, a loose tile (only with a
kong or a North set aside: Rinshan kaihou), or a robbed kong (Chankan); riichi, double
riichi, Ippatsu (only for a concealed hand); the last tile (Haitei / Houtei); Tenhou
(`heaven`) and Chiihou (`earth`) on a first draw without sets; Paarenchan
(`east_consecutive_wins` 7 for the dealer); the prevailing wind; dora and ura indicators
(one more of each per kong); a few of the winner's own discards (they decide double
Kokushi and triple Chuuren, J3-S9). Every table holds at most four of a tile, indicators
and Norths set aside included. Some tables have no yaku, or none before the winning tile:
our scorer refuses them, and compare.py checks that the library sees no yaku either (or
counts them apart, for atozuke-nashi).

Written for this project (no code from elsewhere); standard library only.
"""

import argparse
import json
import random
import sys

SUITS = {'C': [1, 9], 'D': list(range(1, 10)), 'B': list(range(1, 10))}
WINDS = ['EW', 'SW', 'WW', 'NW']
DRAGONS = ['WD', 'GD', 'RD']
HONOURS = WINDS + DRAGONS
ALL = ['%d%s' % (n, s) for s, ns in SUITS.items() for n in ns] + HONOURS
TERMINALS = ['1C', '9C', '1D', '9D', '1B', '9B']
GREENS = ['2B', '3B', '4B', '6B', '8B', 'GD']
SIMPLES = ['%d%s' % (n, s) for s in 'DB' for n in range(2, 9)]


def chow(s, n):
    return ['%d%s' % (n + i, s) for i in range(3)]


class Gen:
    def __init__(self, rng):
        self.r = rng

    # -- set builders: each returns (sets, pair) or None; a set is (kind, tiles)
    def any_set(self, pool=None, chows=True):
        r = self.r
        if chows and r.random() < 0.55:
            s = r.choice('DB')
            n = r.randint(1, 7)
            c = chow(s, n)
            if pool is None or all(t in pool for t in c):
                return ('chow', c)
        t = r.choice(pool or ALL)
        return ('pung', [t] * 3)

    def regular(self, pool=None, chows=True, sets=None):
        sets = list(sets or [])
        tries = 0
        while len(sets) < 4 and tries < 50:
            tries += 1
            s = self.any_set(pool, chows)
            if s:
                sets.append(s)
        pair = self.r.choice(pool or ALL)
        return sets, pair

    def theme(self, name):
        r = self.r
        if name == 'any':
            return self.regular()
        if name == 'tanyao':
            return self.regular(SIMPLES)
        if name == 'one suit':
            s = r.choice('DB')
            pool = ['%d%s' % (n, s) for n in range(1, 10)]
            if r.random() < 0.5:
                pool += HONOURS
            return self.regular(pool)
        if name == 'outside':
            sets = []
            for _ in range(4):
                if r.random() < 0.6:
                    s = r.choice('DB')
                    sets.append(('chow', chow(s, r.choice([1, 7]))))
                else:
                    sets.append(('pung', [r.choice(TERMINALS + (HONOURS if r.random() < 0.5 else []))] * 3))
            return sets, r.choice(TERMINALS + HONOURS)
        if name == 'ittsu':
            s = r.choice('DB')
            return self.regular(sets=[('chow', chow(s, 1)), ('chow', chow(s, 4)), ('chow', chow(s, 7))])
        if name == 'isshoku sanjun':
            s, n = r.choice('DB'), r.randint(1, 7)
            return self.regular(sets=[('chow', chow(s, n))] * 3)
        if name == 'sanrenkou':
            s, n = r.choice('DB'), r.randint(1, 7)
            return self.regular(sets=[('pung', ['%d%s' % (n + i, s)] * 3) for i in range(3)])
        if name == 'pungs':
            return self.regular(chows=False)
        if name == 'dragons':
            k = r.choice([2, 3])
            ds = r.sample(DRAGONS, k)
            sets, pair = self.regular(sets=[('pung', [d] * 3) for d in ds])
            if k == 2 and r.random() < 0.6:
                pair = [d for d in DRAGONS if d not in ds][0]
            return sets, pair
        if name == 'winds':
            ws = r.sample(['EW', 'SW', 'WW', 'NW'], r.choice([3, 4]))
            sets, pair = self.regular(sets=[('pung', [w] * 3) for w in ws])
            if len(ws) == 3 and r.random() < 0.6:
                pair = [w for w in WINDS if w not in ws][0]
            return sets, pair
        if name == 'honours':
            return self.regular(HONOURS, chows=False)
        if name == 'terminals':
            return self.regular(TERMINALS, chows=False)
        if name == 'honroutou':
            return self.regular(TERMINALS + HONOURS, chows=False)
        if name == 'green':
            pool = GREENS if r.random() < 0.5 else GREENS[:-1]
            sets = []
            while len(sets) < 4:
                sets.append(('chow', chow('B', 2)) if r.random() < 0.3 else ('pung', [r.choice(pool)] * 3))
            return sets, r.choice(pool)
        raise ValueError(name)

    def table(self):
        r = self.r
        name = r.choices(list(THEMES), weights=list(THEMES.values()))[0]
        winner = r.choice('ESW')
        dealer = winner == 'E'
        t = {'ruleset': 'japanese-3p', 'prevailing_wind': r.choice('ES'), 'winner': winner}
        declared = []
        lone = None
        if name == 'chiitoitsu':
            pool = ALL if r.random() < 0.6 else (TERMINALS + HONOURS)
            concealed = [x for p in r.sample(pool, 7) for x in (p, p)]
        elif name == 'kokushi':
            concealed = TERMINALS + HONOURS + [r.choice(TERMINALS + HONOURS)]
        elif name == 'chuuren':
            s = r.choice('DB')
            concealed = ['%d%s' % (n, s) for n in [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, r.randint(1, 9)]]
        else:
            if name == 'four kongs, no pair':
                sets, pair = self.regular(chows=False)
                lone = r.choice(ALL)
            else:
                sets, pair = self.theme(name)
            if len(sets) != 4:
                return None
            concealed = []
            kong_share = 1.0 if name == 'four kongs, no pair' else (0.35 if name == 'pungs' else 0.12)
            open_share = 0.3 if name not in ('any', 'tanyao') else 0.2
            for kind, tiles in sets:
                if kind == 'pung' and r.random() < kong_share:
                    how = r.choice(['concealed', 'concealed', 'claimed', 'annexed'])
                    declared.append({'kind': 'kong', 'tiles': [tiles[0]] * 4, 'kong': how})
                elif kind == 'pung' and r.random() < open_share:
                    declared.append({'kind': 'pung', 'tiles': tiles, 'exposed': True})
                else:
                    concealed += tiles
            concealed += [lone] if lone else [pair, pair]
        if not concealed:
            return None
        win_tile = lone or r.choice(concealed)
        open_hand = any(s['kind'] == 'pung' or s.get('kong') != 'concealed' for s in declared)
        has_kong = any(s['kind'] == 'kong' for s in declared)
        # Norths set aside
        held_n = concealed.count('NW') + sum(s['tiles'].count('NW') for s in declared)
        aside = r.choice([0, 0, 0, 1, 1, 2, 3]) if name != 'kokushi' or r.random() < 0.3 else 0
        aside = min(aside, 4 - held_n)
        froms = ['wall', 'discard', 'discard']
        if has_kong or aside:
            froms.append('loose')
        if r.random() < 0.07:
            froms = ['robbed_kong']
        frm = r.choice(froms)
        if lone:
            frm = 'loose'
        win = {'tile': win_tile, 'from': frm}
        if frm in ('discard', 'robbed_kong'):
            win['supplier'] = r.choice([s for s in 'ESW' if s != winner])
        riichi = 'none'
        if not open_hand and r.random() < 0.5:
            riichi = 'double' if r.random() < 0.2 else 'riichi'
            if r.random() < 0.25:
                win['ippatsu'] = True
        if frm in ('wall', 'discard') and r.random() < 0.08:
            win['last_tile'] = True
        first = not declared and not aside and frm == 'wall' and riichi == 'none'
        if first and r.random() < 0.15:
            win['heaven' if dealer else 'earth'] = True
        if dealer and r.random() < 0.04:
            t['east_consecutive_wins'] = 7
        seat = {'concealed': concealed}
        if declared:
            seat['sets'] = declared
        if aside:
            seat['bonus'] = ['NW'] * aside
        if riichi != 'none':
            seat['riichi'] = riichi
        used = {}
        for x in concealed + [x for s in declared for x in s['tiles']] + ['NW'] * aside:
            used[x] = used.get(x, 0) + 1
        if any(v > 4 for v in used.values()):
            return None
        n_ind = 1 + sum(1 for s in declared if s['kind'] == 'kong')

        def draw():
            free = [x for x in ALL if used.get(x, 0) < 4]
            x = r.choice(free)
            used[x] = used.get(x, 0) + 1
            return x
        t['dora_indicators'] = [draw() for _ in range(n_ind)]
        t['ura_indicators'] = [draw() for _ in range(n_ind)]
        if r.random() < 0.5 and not (win.get('heaven') or win.get('earth')):
            # The winner's own discards; a first-draw win comes before any of his.
            t['discards'] = ['%s:%s' % (winner, r.choice(ALL)) for _ in range(r.randint(1, 3))]
        t['win'] = win
        t['seats'] = {s: (seat if s == winner else {}) for s in 'ESW'}
        return t


THEMES = {
    'any': 10, 'tanyao': 4, 'one suit': 6, 'outside': 5, 'ittsu': 4, 'isshoku sanjun': 2,
    'sanrenkou': 2, 'pungs': 8, 'dragons': 5, 'winds': 4, 'honours': 3, 'terminals': 2,
    'honroutou': 3, 'green': 3, 'chiitoitsu': 5, 'kokushi': 3, 'chuuren': 3,
    'four kongs, no pair': 0.5,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=1000)
    ap.add_argument('base', nargs='?', help='ignored (compare.py passes the game tables)')
    a = ap.parse_args()
    g = Gen(random.Random(a.seed))
    n = 0
    while n < a.count:
        t = g.table()
        if t is None:
            continue
        sys.stdout.write(json.dumps(t, separators=(',', ':')) + '\n')
        n += 1


if __name__ == '__main__':
    main()
