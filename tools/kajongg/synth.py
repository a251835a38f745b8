#!/usr/bin/env python3
"""Synthetic finished hands for the Kajongg oracle (rare cases the bots seldom reach).

    python3 tools/kajongg/synth.py --count 500 --seed 1 [--presets dmjl,bmja] > tables.jsonl

Each table is drawn from one tile set (no tile more than 4 times): a winner whose hand
follows a theme (plain, one suit, honours, terminals, green, all pungs, kongs, dragons,
winds, nine gates, snakes, thirteen orphans, knitting, seven honour pairs), some sets
declared (exposed, concealed/claimed/annexed kongs), a random win (wall, discard, loose,
robbed kong, last tile, original call, kong upon kong, heaven, earth), losers that are
random, or a themed hand less one tile (so "calling for" rules fire), bonus tiles, random
winds and East's consecutive wins. Tables our scorer rejects (not a legal hand under
that preset, ...) are simply counted by compare.py.
"""

import argparse
import json
import random

SUITS = 'BCD'
WINDS = ['EW', 'SW', 'WW', 'NW']
DRAGONS = ['RD', 'GD', 'WD']
HONOURS = WINDS + DRAGONS
SUITED = ['%d%s' % (v, s) for s in SUITS for v in range(1, 10)]
ALL = SUITED + HONOURS
GREEN = ['2B', '3B', '4B', '6B', '8B', 'GD']
MAJORS = [t for t in SUITED if t[0] in '19'] + HONOURS
SEATS = ['E', 'S', 'W', 'N']


class Short(Exception):
    """the tile pool cannot supply a wanted tile"""


class Pool:
    def __init__(self):
        self.n = {t: 4 for t in ALL}

    def take(self, tiles):
        need = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        if any(self.n[t] < c for t, c in need.items()):
            raise Short()
        for t, c in need.items():
            self.n[t] -= c
        return list(tiles)

    def left(self):
        return [t for t, c in self.n.items() for _ in range(c)]


def chow(s, lo):
    return ['%d%s' % (v, s) for v in (lo, lo + 1, lo + 2)]


def rand_set(r, kinds, chows=True):
    """a random group: ('chow'|'pung'|'kong', tiles) from tile kinds (suited kinds allow chows)."""
    t = r.choice(kinds)
    if chows and t in SUITED and r.random() < 0.45:
        v = int(t[0])
        lo = r.randint(max(1, v - 2), min(7, v))
        return ('chow', chow(t[1], lo))
    if r.random() < 0.2:
        return ('kong', [t] * 4)
    return ('pung', [t] * 3)


def standard(r, kinds, pair_kinds=None, chows=True, kongs=None):
    groups = [rand_set(r, kinds, chows) for _ in range(4)]
    if kongs is not None:
        for i in range(4):
            g = groups[i]
            if i < kongs:
                groups[i] = ('kong', [g[1][0]] * 4) if g[0] != 'chow' else ('kong', [r.choice(kinds)] * 4)
    p = r.choice(pair_kinds or kinds)
    return groups, [p, p]


def theme_hand(r, theme, preset):
    """(groups, pair) for a standard shape, or ('special', 14 tiles)."""
    suit = r.choice(SUITS)
    one = ['%d%s' % (v, suit) for v in range(1, 10)]
    if theme == 'plain':
        return standard(r, ALL)
    if theme == 'one_suit':
        kinds = one + (HONOURS if r.random() < 0.5 else [])
        return standard(r, kinds, chows=r.random() < 0.7)
    if theme == 'honours':
        return standard(r, HONOURS, chows=False)
    if theme == 'terminals':
        kinds = [t for t in SUITED if t[0] in '19'] + (HONOURS if r.random() < 0.5 else [])
        return standard(r, kinds, chows=False)
    if theme == 'green':
        g = [('chow', ['2B', '3B', '4B'])] if r.random() < 0.5 else []
        while len(g) < 4:
            t = r.choice(GREEN)
            g.append(('kong' if r.random() < 0.15 else 'pung', [t] * (3 if r.random() < 0.85 else 4)))
            if len(g[-1][1]) == 4:
                g[-1] = ('kong', g[-1][1])
            else:
                g[-1] = ('pung', g[-1][1])
        p = r.choice(GREEN)
        return g, [p, p]
    if theme == 'pungs':
        kinds = one + HONOURS if r.random() < 0.5 else ALL
        return standard(r, kinds, chows=False)
    if theme == 'kongs':
        return standard(r, ALL, chows=False, kongs=r.choice([2, 3, 4, 4]))
    if theme == 'dragons':
        n = r.choice([2, 3])
        d = r.sample(DRAGONS, n)
        g = [('pung', [x] * 3) for x in d]
        while len(g) < 4:
            g.append(rand_set(r, ALL))
        p = r.choice([x for x in DRAGONS if x not in d] or ALL)
        return g, [p, p]
    if theme == 'winds':
        n = r.choice([3, 4])
        w = r.sample(WINDS, n)
        g = [('pung', [x] * 3) for x in w]
        while len(g) < 4:
            g.append(rand_set(r, ALL))
        p = r.choice([x for x in WINDS if x not in w] or ALL)
        return g, [p, p]
    if theme == 'nine_gates':
        extra = r.randint(1, 9)
        tiles = [one[0]] * 3 + one[1:8] + [one[8]] * 3 + [one[extra - 1]]
        return 'special', tiles
    if theme == 'snake':
        if preset == 'dmjl' or r.random() < 0.3:
            pv = r.choice([2, 5, 8])
            rest = [v for v in range(2, 9) if v != pv]
            tiles = [one[0]] * 3 + [one[8]] * 3 + [one[pv - 1]] * 2 + [one[v - 1] for v in rest]
        else:
            tiles = [one[0]] * 2 + one[1:] + WINDS
        return 'special', tiles
    if theme == 'orphans':
        tiles = MAJORS + [r.choice(MAJORS)]
        return 'special', tiles
    if theme == 'knitting':
        s1, s2 = r.sample(SUITS, 2)
        vals = [r.randint(1, 9) for _ in range(7)]
        return 'special', ['%d%s' % (v, s) for v in vals for s in (s1, s2)]
    if theme == 'triple_knitting':
        vals = [r.randint(1, 9) for _ in range(4)]
        tiles = ['%d%s' % (v, s) for v in vals for s in SUITS]
        v = r.randint(1, 9)
        s1, s2 = r.sample(SUITS, 2)
        return 'special', tiles + ['%d%s' % (v, s1), '%d%s' % (v, s2)]
    if theme == 'pair_honours':
        ks = r.sample(MAJORS, 7)
        return 'special', [k for k in ks for _ in range(2)]
    raise ValueError(theme)


THEMES = ['plain', 'one_suit', 'honours', 'terminals', 'green', 'pungs', 'kongs', 'dragons',
          'winds', 'nine_gates', 'snake', 'orphans', 'knitting', 'triple_knitting',
          'pair_honours']
WEIGHTS = [6, 8, 3, 3, 3, 6, 4, 4, 4, 2, 2, 2, 2, 2, 2]


def declare(r, groups, pair, pool, p_exposed):
    """take tiles; return (sets, concealed, exposed_groups_idx)."""
    sets, concealed = [], []
    for kind, tiles in groups:
        pool.take(tiles)
        if kind == 'kong':
            k = r.choice(['concealed', 'claimed', 'annexed'])
            sets.append({'kind': 'kong', 'tiles': tiles, 'kong': k})
        elif r.random() < p_exposed:
            s = {'kind': kind, 'tiles': tiles, 'exposed': True}
            if kind == 'chow':
                s['claimed'] = r.choice(tiles)
            sets.append(s)
        else:
            concealed += tiles
    pool.take(pair)
    concealed += pair
    return sets, concealed


def make_table(r, preset):
    pool = Pool()
    winner = r.choice(SEATS)
    theme = r.choices(THEMES, WEIGHTS)[0]
    shape = theme_hand(r, theme, preset)
    t = {'ruleset': preset, 'prevailing_wind': r.choice(SEATS),
         'east_consecutive_wins': r.choice([0] * 8 + [1, 2, 7, 8]),
         'winner': winner, 'discards': [], 'seats': {}}
    win = {}
    others = [s for s in SEATS if s != winner]
    if shape[0] == 'special':
        tiles = pool.take(shape[1])
        wsets, wconc = [], tiles
    else:
        groups, pair = shape
        wsets, wconc = declare(r, groups, pair, pool, r.choice([0.0, 0.3, 0.6]))
    src = r.choices(['wall', 'discard', 'loose', 'robbed_kong'], [35, 40, 15, 10])[0]
    exposed_idx = [i for i, s in enumerate(wsets) if s.get('exposed') and s['kind'] != 'kong']
    if src in ('discard', 'robbed_kong'):
        if exposed_idx and r.random() < 0.5:
            i = r.choice(exposed_idx)
            wsets[i]['winning'] = True
            tile = r.choice(wsets[i]['tiles'])
            if wsets[i]['kind'] == 'chow':
                wsets[i]['claimed'] = tile
        else:
            tile = r.choice(wconc)
        supplier = r.choice(others)
        if src == 'robbed_kong':
            held = sum(1 for s in wsets for x in s['tiles'] if x == tile) + wconc.count(tile)
            if held == 1 and pool.n[tile] == 3:
                pool.take([tile] * 3)
                t['seats'][supplier] = {'sets': [{'kind': 'pung', 'tiles': [tile] * 3,
                                                  'exposed': True}], 'concealed': []}
            else:
                src = 'discard'
        win = {'tile': tile, 'from': src, 'supplier': supplier}
    else:
        tile = r.choice(wconc)
        win = {'tile': tile, 'from': src}
    if src in ('wall', 'discard') and r.random() < 0.12:
        win['last_tile'] = True
    if r.random() < 0.1:
        win['original_call'] = True
    kongs = sum(1 for s in wsets if s['kind'] == 'kong')
    if src == 'loose' and kongs >= 1 and r.random() < 0.4:
        win['kong_upon_kong'] = True
    if winner == 'E' and src == 'wall' and not wsets and r.random() < 0.15:
        win['heaven'] = True
    if winner != 'E' and src == 'discard' and all(s.get('winning') for s in wsets) \
            and r.random() < 0.2:
        win['earth'] = True
        win['supplier'] = 'E'
    t['win'] = win
    t['seats'][winner] = {'sets': wsets, 'concealed': wconc}
    # losers
    for s in others:
        seat = t['seats'].setdefault(s, {'sets': [], 'concealed': []})
        have = sum(3 if x['kind'] == 'kong' else len(x['tiles']) for x in seat['sets'])
        mode = r.choice(['random', 'random', 'calling', 'sets'])
        if mode == 'calling' and not seat['sets']:
            th = r.choices(THEMES, WEIGHTS)[0]
            sh = theme_hand(r, th, preset)
            if sh[0] == 'special':
                tiles = list(sh[1])
                tiles.remove(r.choice(tiles))
                seat['concealed'] = pool.take(tiles)
            else:
                groups, pair = sh
                sets, conc = declare(r, groups, pair, pool, r.choice([0.0, 0.5]))
                if conc:
                    conc.remove(r.choice(conc))
                    seat['sets'], seat['concealed'] = sets, conc
                else:
                    raise Short()
            continue
        if mode == 'sets':
            for _ in range(r.randint(1, 3)):
                kind, tiles = rand_set(r, ALL)
                try:
                    pool.take(tiles)
                except Short:
                    continue
                if kind == 'kong':
                    seat['sets'].append({'kind': 'kong', 'tiles': tiles,
                                         'kong': r.choice(['concealed', 'claimed', 'annexed'])})
                else:
                    x = {'kind': kind, 'tiles': tiles, 'exposed': True}
                    if kind == 'chow':
                        x['claimed'] = r.choice(tiles)
                    seat['sets'].append(x)
                have += 3
        left = pool.left()
        r.shuffle(left)
        seat['concealed'] = seat.get('concealed', []) + pool.take(left[:13 - have])
    # bonus tiles
    bonus = ['%d%s' % (n, k) for k in 'FS' for n in range(1, 5)]
    if r.random() < 0.15:
        lucky = r.choice(SEATS)
        t['seats'][lucky]['bonus'] = bonus[:4] if r.random() < 0.5 else bonus[4:]
        bonus = bonus[4:] if t['seats'][lucky]['bonus'] == bonus[:4] else bonus[:4]
    for b in bonus:
        if r.random() < 0.5:
            t['seats'][r.choice(SEATS)].setdefault('bonus', []).append(b)
    # discards: some of the tiles left (only Thirteen Orphans' calling test looks at them)
    left = pool.left()
    r.shuffle(left)
    t['discards'] = ['%s:%s' % (r.choice(SEATS), x) for x in left[:r.randint(0, 40)]]
    if win.get('heaven') or win.get('earth'):
        # Won before any discard, or on East's first: nothing else can have been discarded.
        t['discards'] = []
    if src == 'discard':
        t['discards'].append('%s:%s' % (win['supplier'], win['tile']))
    return t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--count', type=int, default=500)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--presets', default='dmjl,bmja')
    a = ap.parse_args()
    r = random.Random(a.seed)
    presets = a.presets.split(',')
    for preset in presets:
        made = 0
        while made < a.count:
            try:
                t = make_table(r, preset)
            except Short:
                continue
            print(json.dumps(t))
            made += 1


if __name__ == '__main__':
    main()
