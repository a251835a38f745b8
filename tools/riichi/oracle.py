#!/usr/bin/python3
"""Differential oracle: score our `japanese-3p` table JSON with an independent riichi scorer.

The scorer is the PyPI package `mahjong` (MahjongRepository's riichi calculator; checked
with version 2.1.0). Install it in a venv and run this file with that venv's interpreter,
or with /usr/bin/python3 and RIICHI_SITE pointing at the venv's site-packages:

    python3 -m venv /tmp/riichi-venv && /tmp/riichi-venv/bin/pip install mahjong==2.1.0
    /tmp/riichi-venv/bin/python tools/riichi/oracle.py < tables.jsonl

Input: one table JSON object per line (docs/formats/table-json.md, "Japanese three-player
fields"), as `mahjong replay --tables` writes them. Output: one JSON line per input line:

    {"winner": "S", "yaku": [["Riichi", 1], ["Pinfu", 1], ...],   # the library's list, with
     "han": 4, "fu": 30,                                            #   its han per entry
     "dora": 2, "aka": 0, "ura": 1,           # the library's Dora / Aka Dora / Ura Dora han
     "yakuman": [["Suu Ankou", 1], ...],      # yakuman entries, count = han // 13
     "cost": {"main": .., "additional": .., "total": .., "yaku_level": ".."},
     "band_costs": {"mangan": 8000, ..., "yakuman3": ..},  # what the library pays for each
                                              # limit band with this hand's dealer/tsumo
                                              # (its three-player tsumo: two payers)
     "mapping": [..notes..], "error": ".." (only when the library refuses the hand)}

A washout (`winner: null`) gives {"winner": null}. Nothing of the library is copied: it is
imported and called (`HandCalculator.estimate_hand_value`).

How a table becomes the library's input
---------------------------------------
Tiles (ours -> the library's 34-kind index, then a 136 index per copy):
    1C 9C (characters; 2C-8C do not exist in J3-T1) -> man 1, 9  (34-index 0, 8)
    1D..9D (circles)  -> pin 1..9 (9..17);   1B..9B (bamboo) -> sou 1..9 (18..26)
    EW SW WW NW -> 27 28 29 30;   WD (white) -> 31 haku, GD (green) -> 32 hatsu,
    RD (red) -> 33 chun.   Red fives 0D / 0B (option red_fives) -> the library's aka
    fives 52 (pin) / 88 (sou), with has_aka_dora on.
    Copies of a kind get distinct 136 indices (plain tiles from copy 3 down, so copy 0 stays
    free for a red five).
The winner's hand: every tile of `concealed`, of each set (kongs with their four tiles) ->
`tiles`; `win.tile` -> `win_tile`, a copy taken from the concealed part.
    pung, exposed: true       -> Meld(PON, opened=True)
    kong "concealed"          -> Meld(KAN, opened=False)
    kong "claimed"            -> Meld(KAN, opened=True)
    kong "annexed"            -> Meld(SHOUMINKAN, opened=True)
    a set with exposed: false (not a kong) -> loose concealed tiles (the library arranges)
    pair/chow exposed         -> none in a legal J3 table (J3-T3); left as concealed tiles
                                 and noted in "mapping"
  A pung marked "winning" (the claimed winning discard completed it) is given as concealed
  tiles: in riichi a ron completing a shanpon is no call (the library then counts that
  pung as not concealed for San Ankou, as J3-S4 does).
HandConfig:
    is_tsumo        = win.from in (wall, loose)
    is_rinshan      = win.from == loose   (a kong's OR a North's replacement tile, J3-Y7)
    is_chankan      = win.from == robbed_kong (a robbed kong, or a robbed North, J3-S13)
    is_haitei       = win.last_tile and from wall;  is_houtei = last_tile and from discard
    is_riichi       = riichi in (riichi, double);  is_daburu_riichi = riichi == double
    is_ippatsu      = win.ippatsu
    is_tenhou       = win.heaven;  is_chiihou = win.earth
    player_wind     = the seat (E, S, W: EAST, SOUTH, WEST; E is the dealer)
    round_wind      = prevailing_wind
    paarenchan      = 1 when the dealer wins with east_consecutive_wins >= 7 (J3-YM7), else
                      0 (the library's value is the yakuman multiple it pays, though its
                      docstring calls it the count of dealer wins)
    num_nuki_dora   = Norths in the winner's `bonus` (pei-dora, J3-T4: each 1 dora, plus
                      indicator dora when an indicator points to North; the library adds
                      them to its "Dora" count)
    dora_indicators = dora_indicators (kan-dora included);  ura_dora_indicators = ura_indicators
    kyoutaku_number = tsumi_number = 0 (sticks and honba are settlement, not the hand)
OptionalRules (set to our spec wherever the library has a switch):
    is_three_player = True   (1m indicator -> 9m dora; tsumo paid by two players)
    has_open_tanyao = True   (J3-S5: Tanyao keeps its value open)
    has_aka_dora    = options.red_fives (default off, J3-S8)
    has_double_yakuman = True (J3-S9 has doubles; the library's double conditions differ)
    kazoe_limit     = KAZOE_SANBAIMAN (J3-S9: above 15 han pays sanbaiman;
                      KAZOE_LIMITED when options.counted_yakuman)
    paarenchan_needs_yaku = False (J3-S13)
    fu_for_pinfu_tsumo = False (the library's default: Pinfu is kept on a self-draw, as
                      J3-S6 says; the fu are reported but our game has none)
    kiriage, renhou, daisharin, daichisei, sashikomi, open riichi: left at defaults / off.
What cannot be mapped (left out, or reported by compare.py as a known difference):
    * Bazoro (2 han on every win, J3-S8) and flowers (option `flowers`): no counterpart.
    * Menzen tsumo: the library always gives it to a concealed self-draw; J3-S6 has none.
    * Suukantsu won without a pair (J3-S13 default): not a complete hand to the library.
    * Double Kokushi / triple Chuuren decided by the winner's discards (J3-S9): the library
      doubles them on the 13-sided / 9-sided wait instead; Tenhou is triple to us (J3-YM12),
      1 yakuman to the library.
    * Atozuke-nashi (J3-S11) and the other validity checks: the library does not check them.
    * `discards`, `riichi_pot`, `honba`, `goulash`: settlement facts, not passed.
"""

import json
import os
import sys

_site = os.environ.get('RIICHI_SITE')
if _site:
    sys.path.insert(0, _site)

from mahjong.constants import EAST, SOUTH, WEST  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules  # noqa: E402
from mahjong.hand_calculating.scores import ScoresCalculator  # noqa: E402
from mahjong.meld import Meld  # noqa: E402

WIND_34 = {'E': EAST, 'S': SOUTH, 'W': WEST, 'N': 30}
HONOUR_34 = {'EW': 27, 'SW': 28, 'WW': 29, 'NW': 30, 'WD': 31, 'GD': 32, 'RD': 33}
SUIT_BASE = {'C': 0, 'D': 9, 'B': 18}
RED_136 = {'D': 52, 'B': 88}  # the library's aka fives (pin, sou)
BONUS_YAKU = ('Dora', 'Aka Dora', 'Ura Dora')
# A han count the library pays at each of our limit bands (its mangan is 5 han or a capped
# 3-4 han hand; J3-P's bands have the same names and, for ron and for three-player tsumo,
# the same amounts): used for "band_costs".
BAND_HAN = {'mangan': 5, 'haneman': 6, 'baiman': 8, 'sanbaiman': 11,
            'yakuman1': 13, 'yakuman2': 26, 'yakuman3': 39}


def kind34(code):
    """our tile code -> (34 index, red?)"""
    code = code.upper()
    if code in HONOUR_34:
        return HONOUR_34[code], False
    value, suit = code[0], code[1]
    if suit not in SUIT_BASE or not value.isdigit():
        raise ValueError('not a japanese-3p tile: %s' % code)
    red = value == '0'
    n = 5 if red else int(value)
    if suit == 'C' and 2 <= n <= 8:
        raise ValueError('not a japanese-3p tile (J3-T1): %s' % code)
    return SUIT_BASE[suit] + n - 1, red


class Tiles:
    """Hands out a distinct 136 index for each copy of a kind."""

    def __init__(self):
        self.used = set()

    def take(self, code):
        k, red = kind34(code)
        if red:
            idx = RED_136[code.upper()[1]]
            if idx in self.used:
                raise ValueError('two red fives of one suit: %s' % code)
            self.used.add(idx)
            return idx
        for c in (3, 2, 1, 0):
            idx = k * 4 + c
            if idx not in self.used:
                self.used.add(idx)
                return idx
        raise ValueError('a fifth copy of %s' % code)


def convert(table):
    """table -> (tiles, win_tile, melds, dora, ura, config, notes) for the winner."""
    notes = []
    w = table['winner']
    seat = table['seats'][w]
    win = table['win']
    opts = table.get('options') or {}
    pool = Tiles()
    tiles, melds, concealed = [], [], list(seat.get('concealed', []))
    for m in seat.get('sets', []):
        kind = m['kind']
        if kind == 'kong':
            idx = [pool.take(t) for t in m['tiles']]
            tiles += idx
            how = m.get('kong') or ('annexed' if m.get('exposed') else 'concealed')
            if how == 'concealed':
                melds.append(Meld(Meld.KAN, idx, opened=False))
            elif how == 'claimed':
                melds.append(Meld(Meld.KAN, idx, opened=True))
            else:
                melds.append(Meld(Meld.SHOUMINKAN, idx, opened=True))
        elif kind == 'pung' and m.get('exposed') and not m.get('winning'):
            idx = [pool.take(t) for t in m['tiles']]
            tiles += idx
            melds.append(Meld(Meld.PON, idx, opened=True))
        else:
            if m.get('exposed'):
                notes.append('exposed %s %s given as concealed tiles' % (kind, ' '.join(m['tiles'])))
            concealed += m['tiles']
    # the winning tile: a copy of win.tile among the concealed tiles
    win_code = win['tile'].upper()
    hand_idx = [pool.take(t) for t in concealed]
    tiles += hand_idx
    win_tile = None
    for code, idx in zip(concealed, hand_idx):
        if code.upper() == win_code:
            win_tile = idx
            break
    if win_tile is None:
        raise ValueError('win.tile %s not among the concealed tiles' % win_code)
    ind = Tiles()  # indicators are separate physical tiles; only their kind matters
    dora = [ind.take(t) for t in table.get('dora_indicators', [])]
    ura_pool = Tiles()
    ura = [ura_pool.take(t) for t in table.get('ura_indicators', [])]
    frm = win['from']
    riichi = seat.get('riichi', 'none')
    dealer = w == 'E'
    # The library's `paarenchan` is the yakuman multiple it pays (han = 13 x paarenchan),
    # not the count of wins: 1 for J3-YM7's single yakuman.
    paarenchan = 1 if dealer and table.get('east_consecutive_wins', 0) >= 7 else 0
    nuki = sum(1 for b in seat.get('bonus', []) if b.upper() == 'NW')
    flowers = [b for b in seat.get('bonus', []) if b.upper() != 'NW']
    if flowers:
        notes.append('flowers not mapped: %s' % ' '.join(flowers))
    options = OptionalRules(
        is_three_player=True,
        has_open_tanyao=True,
        has_aka_dora=bool(opts.get('red_fives', False)),
        has_double_yakuman=True,
        kazoe_limit=(HandConstants.KAZOE_LIMITED if opts.get('counted_yakuman')
                     else HandConstants.KAZOE_SANBAIMAN),
        paarenchan_needs_yaku=False,
        fu_for_pinfu_tsumo=False,
    )
    config = HandConfig(
        is_tsumo=frm in ('wall', 'loose'),
        is_riichi=riichi in ('riichi', 'double'),
        is_daburu_riichi=riichi == 'double',
        is_ippatsu=bool(win.get('ippatsu')),
        is_rinshan=frm == 'loose',
        is_chankan=frm == 'robbed_kong',
        is_haitei=bool(win.get('last_tile')) and frm == 'wall',
        is_houtei=bool(win.get('last_tile')) and frm == 'discard',
        is_tenhou=bool(win.get('heaven')),
        is_chiihou=bool(win.get('earth')),
        player_wind=WIND_34[w],
        round_wind=WIND_34[table['prevailing_wind']],
        paarenchan=paarenchan,
        num_nuki_dora=nuki,
        options=options,
    )
    return tiles, win_tile, melds, dora, ura, config, notes


def score(table):
    if table.get('winner') is None:
        return {'winner': None}
    out = {'winner': table['winner']}
    try:
        tiles, win_tile, melds, dora, ura, config, notes = convert(table)
    except (ValueError, KeyError) as e:
        out['error'] = 'unmappable: %s' % e
        return out
    out['mapping'] = notes
    r = HandCalculator.estimate_hand_value(tiles, win_tile, melds=melds, dora_indicators=dora,
                                           config=config, ura_dora_indicators=ura)
    if r.error:
        out['error'] = r.error
        return out
    open_hand = any(m.opened for m in melds)
    yaku, yakuman = [], []
    bonus = {'Dora': 0, 'Aka Dora': 0, 'Ura Dora': 0}
    for y in r.yaku:
        han = y.han_open if open_hand and y.han_open else y.han_closed
        if y.name in BONUS_YAKU:
            bonus[y.name] = han
        elif y.is_yakuman:
            yakuman.append([y.name, han // 13])
        else:
            yaku.append([y.name, han])
    out.update({
        'yaku': yaku, 'yakuman': yakuman, 'han': r.han, 'fu': r.fu,
        'dora': bonus['Dora'], 'aka': bonus['Aka Dora'], 'ura': bonus['Ura Dora'],
        'open': open_hand,
        'cost': {k: r.cost[k] for k in ('main', 'additional', 'total', 'yaku_level')},
        'band_costs': {b: ScoresCalculator.calculate_scores(h, 30, config, b.startswith('yakuman'))['total']
                       for b, h in BAND_HAN.items()},
    })
    return out


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            res = score(json.loads(line))
        except Exception as e:  # noqa: BLE001 - one bad line must not stop the batch
            res = {'error': 'oracle failure: %r' % e}
        print(json.dumps(res), flush=False)


if __name__ == '__main__':
    main()
