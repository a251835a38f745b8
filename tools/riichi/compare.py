#!/usr/bin/python3
"""Compare our `japanese-3p` scorer with an independent riichi scorer, table by table.

One command (from /work/main; builds, simulates, compares, reports):

    python3 -m venv /tmp/riichi-venv && /tmp/riichi-venv/bin/pip install mahjong==2.1.0
    /usr/bin/python3 tools/riichi/compare.py

Options: --bots greedy,strong  --games 60 (per bot and seed)  --seeds 1,2
--synthetic N (per seed, variants from synth.py: Haitei/Houtei, Rinshan, Chankan, yakuman
hands; 0 = none)  --tables FILE (compare the tables in FILE instead)  --no-build
--mahjong PATH (the binary; default target/release/mahjong)  --python PATH (an interpreter
that has the `mahjong` package; default $RIICHI_PYTHON or /tmp/riichi-venv/bin/python)
--work DIR (keep records/tables/results there)  --show N (tables printed per class of
difference, default 3; -1 all)  --diff-out FILE (every differing table, JSON Lines).

Tables: `mahjong simulate --ruleset japanese-3p --record` then `mahjong replay --tables`;
only won hands are compared (a washout has no hand to score). Each is scored by `mahjong
score --batch` (ours) and tools/riichi/oracle.py (the library, four-player riichi rules
with its three-player switches: see the oracle's header for the mapping).

Comparison rules
----------------
Ours: the winner's items. Yaku = the J3-Y items (Yakuhai once per item), J3-S6 (Menzen
tsumo, off by default); bonus = the J3-S8 items; yakuman = the J3-YM items with their
count. The library: its yaku list, translated to our names (LIB2J3) and valued at OUR han
(J3-Y table, J3-S5 open values), so a yaku the two share is compared by presence, not by
the seed's value; then:
  * subtracted from ours, no four-player counterpart: Bazoro (2 on every win), flowers;
  * subtracted from the library: Menzen Tsumo (J3-S6: no such yaku by default);
  * compared as bonus, not yaku: Ippatsu (a J3-S8 bonus han, a 1-han yaku to the library);
    the library's Dora = our dora + pei-dora (it adds nuki dora to Dora, J3-T4/J3-S13);
    Aka Dora = our red five; Ura Dora = our ura-dora;
  * left in, so they show as differences and are classified: yaku only one side has
    (ours: Isshoku sanjun, Sanrenkou; the library: Sanshoku Doukou, Ryanpeikou).
Fields compared, in this order (the first that differs classifies the table):
  yakuman  the yakuman names (our J3-YM names; the library's double forms mapped to the
           single name), then their counts;
  yaku     the multiset of (yaku, our han) when neither side has a yakuman;
  dora, aka, ura, ippatsu  the bonus counts above;
  han      ours vs the library's translated han + 2 (Bazoro) (follows from the above);
  band     our payment band (J3-P: 3/4/5 han, mangan 6-7, haneman 8-9, baiman 10-12,
           sanbaiman 13+, yakuman xN) vs the band of the library's translated han;
  score    our `score` vs the J3-P table (computed here from the spec) for our band;
  payment  for bands from mangan up, our `score` vs what the library pays for the same
           band with this hand's dealer and tsumo/ron (its three-player tsumo has two
           payers, like J3-S10): the spec's ron column and tsumo columns equal its
           mangan..yakuman amounts, so they must agree.
Not compared: fu (our game has no fu, J3-P; the library's fu is printed only) and the
library's own band and cost below mangan (they depend on fu). The library's own
four-player band is counted apart ("library's band = ours").
Every differing table is classified by classify(): (a) our bug, (b) a convention or
option of the library, (c) a three-player (seed) rule with no four-player counterpart,
(tie) another reading of equal value: or "unexplained", which is to be looked at.
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ORACLE = os.path.join(HERE, 'oracle.py')
SYNTH = os.path.join(HERE, 'synth.py')

# library name -> our name (yakuhai entries all become "Yakuhai")
LIB2J3 = {
    'Riichi': 'Riichi', 'Double Riichi': 'Double riichi', 'Pinfu': 'Pinfu',
    'Tanyao': 'Tanyao', 'Iipeiko': 'Iipeikou', 'Chankan': 'Chankan',
    'Rinshan Kaihou': 'Rinshan kaihou', 'Haitei Raoyue': 'Haitei', 'Houtei Raoyui': 'Houtei',
    'Ittsu': 'Ittsu', 'Chantai': 'Chanta', 'Honroutou': 'Honroutou', 'Toitoi': 'Toitoi',
    'San Ankou': "San'ankou", 'San Kantsu': 'Sankantsu', 'Chiitoitsu': 'Chiitoitsu',
    'Shou Sangen': 'Shousangen', 'Honitsu': "Hon'itsu", 'Junchan': 'Junchan',
    'Chinitsu': "Chin'itsu",
}
LIB_YAKUMAN = {
    'Kokushi Musou': 'Kokushi musou', 'Kokushi Musou Juusanmen Matchi': 'Kokushi musou',
    'Chuuren Poutou': 'Chuuren poutou', 'Daburu Chuuren Poutou': 'Chuuren poutou',
    'Suu Ankou': 'Suuankou', 'Suu Ankou Tanki': 'Suuankou', 'Daisangen': 'Daisangen',
    'Shousuushii': 'Suushiihou', 'Dai Suushii': 'Suushiihou', 'Ryuuiisou': 'Ryuuiisou',
    'Suu Kantsu': 'Suukantsu', 'Tsuu Iisou': 'Tsuuiisou', 'Chinroutou': 'Chinroutou',
    'Tenhou': 'Tenhou', 'Chiihou': 'Chiihou', 'Paarenchan': 'Paarenchan',
}
# J3-Y han (closed, open) with J3-S5's open values
J3_HAN = {
    'Yakuhai': (1, 1), 'Iipeikou': (1, None), 'Pinfu': (1, None), 'Riichi': (1, None),
    'Tanyao': (1, 1), 'Haitei': (1, 1), 'Houtei': (1, 1), 'Rinshan kaihou': (1, 1),
    'Chankan': (1, 1), 'Chanta': (2, 1), 'Chiitoitsu': (2, None),
    'Double riichi': (2, None), 'Ittsu': (2, 1), "San'ankou": (2, 2), 'Sankantsu': (2, 2),
    'Isshoku sanjun': (2, 2), 'Toitoi': (2, 2), "Hon'itsu": (3, 2), 'Junchan': (3, 2),
    'Sanrenkou': (3, 3), 'Shousangen': (4, 4), 'Honroutou': (5, 5), "Chin'itsu": (6, 5),
    'Menzen tsumo': (1, None),
}
J3_ONLY = {'Isshoku sanjun', 'Sanrenkou'}
LIB_ONLY = {'Sanshoku Doukou', 'Ryanpeikou', 'Sanshoku Doujun', 'Renhou', 'Nagashi Mangan'}
OUR_BONUS = {'Bazoro', 'dora', 'ura-dora', 'pei-dora', 'red five', 'Ippatsu', 'flower'}
# J3-P: (ron ko, ron oya, tsumo by ko: each ko pays, tsumo by ko: oya pays = oya's each)
J3P = {3: (1000, 1500, 300, 500), 4: (2000, 3000, 500, 1000), 5: (4000, 6000, 1000, 2000),
       'mangan': (8000, 12000, 2000, 4000), 'haneman': (12000, 18000, 3000, 6000),
       'baiman': (16000, 24000, 4000, 8000), 'sanbaiman': (24000, 36000, 6000, 12000),
       'yakuman': (32000, 48000, 8000, 16000)}
LIB_LEVEL = {'mangan': 'mangan', 'haneman': 'haneman', 'baiman': 'baiman',
             'sanbaiman': 'sanbaiman', 'kazoe sanbaiman': 'sanbaiman', 'yakuman': 'yakuman1',
             'kazoe yakuman': 'yakuman1', '2x yakuman': 'yakuman2', '3x yakuman': 'yakuman3'}


def band_of(han, yakuman=0):
    if yakuman:
        return 'yakuman%d' % yakuman
    if han <= 3:
        return 3
    if han <= 5:
        return han
    if han <= 7:
        return 'mangan'
    if han <= 9:
        return 'haneman'
    if han <= 12:
        return 'baiman'
    return 'sanbaiman'


def j3p_value(band, dealer, tsumo):
    n = 1
    if isinstance(band, str) and band.startswith('yakuman'):
        n, band = int(band[7:]), 'yakuman'
    ron_ko, ron_oya, t_ko, t_oya = (v * n for v in J3P[band])
    if not tsumo:
        return ron_oya if dealer else ron_ko
    return 2 * t_oya if dealer else t_ko + t_oya


def run(cmd, inp=None, check=True):
    r = subprocess.run(cmd, input=inp, capture_output=True, text=True, cwd=ROOT)
    if check and r.returncode != 0:
        sys.exit('command failed (%s): %s\n%s' % (r.returncode, ' '.join(cmd), r.stderr[-2000:]))
    return r


def ours_view(seat):
    yaku, bonus, yakuman = [], collections.Counter(), []
    for it in seat['items']:
        name = it['name']
        if it.get('doubles'):
            yakuman.append((name, it['doubles']))
        elif name in OUR_BONUS:
            bonus[name] += it['points']
        else:
            yaku.append((name, it['points']))
    return {'yaku': sorted(yaku), 'bonus': bonus, 'yakuman': sorted(yakuman),
            'han': seat['han'], 'n_yakuman': seat['yakuman'], 'score': seat['score']}


def lib_view(o):
    """the library's result in our terms."""
    yaku, dropped, revalued = [], [], []
    ippatsu = 0
    for name, han in o['yaku']:
        if name == 'Menzen Tsumo':
            dropped.append(name)
            continue
        if name == 'Ippatsu':
            ippatsu += han
            continue
        j = 'Yakuhai' if name.startswith('Yakuhai') else LIB2J3.get(name)
        if j is None:
            yaku.append((name, han))  # library-only: kept, shows as a difference
            continue
        closed, opened = J3_HAN[j]
        ours = opened if o['open'] and opened is not None else closed
        if ours != han:
            revalued.append('%s %d->%d' % (j, han, ours))
        yaku.append((j, ours))
    yakuman = collections.Counter()
    for name, n in o['yakuman']:
        yakuman[LIB_YAKUMAN.get(name, name)] += n
    han = sum(h for _, h in yaku) + o['dora'] + o['aka'] + o['ura'] + ippatsu + 2
    return {'yaku': sorted(yaku), 'yakuman': sorted(yakuman.items()), 'dropped': dropped,
            'revalued': revalued, 'ippatsu': ippatsu, 'han': han,
            'n_yakuman': sum(yakuman.values())}


def compare_one(table, ours, lib):
    """-> (field that differs or None, details dict)"""
    w = table['winner']
    seat = ours['seats'][w]
    o = ours_view(seat)
    L = lib_view(lib)
    dealer = w == 'E'
    tsumo = table['win']['from'] in ('wall', 'loose')
    d = {'ours': o, 'lib': L, 'fu': lib['fu'], 'lib_level': lib['cost']['yaku_level'],
         'lib_total': lib['cost']['total']}
    our_band = band_of(o['han'], o['n_yakuman'])
    d['band'] = our_band
    if o['yakuman'] or L['yakuman']:
        if sorted(n for n, _ in o['yakuman']) != sorted(n for n, _ in L['yakuman']):
            return 'yakuman', d
        if o['n_yakuman'] != min(3, L['n_yakuman']):
            return 'yakuman count', d
    else:
        if o['yaku'] != L['yaku']:
            return 'yaku', d
        b = o['bonus']
        if b['dora'] + b['pei-dora'] != lib['dora']:
            return 'dora', d
        if b['red five'] != lib['aka']:
            return 'aka', d
        if b['ura-dora'] != lib['ura']:
            return 'ura', d
        if b['Ippatsu'] != L['ippatsu']:
            return 'ippatsu', d
        if o['han'] != L['han']:
            return 'han', d
        if our_band != band_of(L['han']):
            return 'band', d
    if o['score'] != j3p_value(our_band, dealer, tsumo):
        return 'score', d
    key = our_band if isinstance(our_band, str) else None
    if key and o['score'] != lib['band_costs'][key]:
        return 'payment', d
    return None, d


def yaku_han(pairs):
    return sum(h for _, h in pairs)


def classify(table, field, d):
    """-> (class, reason). Classes: a / b / c / tie / unexplained."""
    o, L = d['ours'], d['lib']
    ours_names = {n for n, _ in o['yaku']}
    lib_names = {n for n, _ in L['yaku']}
    if field == 'yakuman count':
        names = {n for n, _ in o['yakuman']}
        lib_raw = {n for n, _ in table['_lib']['yakuman']}
        if 'Tenhou' in names:
            return 'c', 'Tenhou is a triple yakuman by the seed (J3-YM12), 1 to the library'
        if names & {'Kokushi musou'}:
            return 'c', ('double Kokushi: by the seed none of the 13 kinds discarded and no North '
                         'set aside (J3-S9); the library: the 13-sided wait')
        if names & {'Chuuren poutou'}:
            return 'c', ('triple Chuuren: by the seed no tile of its suit discarded (J3-S9); '
                         'the library: double on the 9-sided wait')
        if 'Dai Suushii' in lib_raw:
            return 'c', 'big four winds is 1 yakuman by the seed (J3-YM5), double to the library'
        return 'unexplained', 'yakuman count'
    if field == 'yakuman':
        on = {n for n, _ in o['yakuman']}
        ln = {n for n, _ in L['yakuman']}
        if on - ln == {'Suukantsu'} and not ln and table['_lib'].get('error'):
            return 'c', 'Suukantsu without a pair (J3-S13 default): no hand to the library'
        if on - ln == {'Ryuuiisou'} and 'GD' not in json.dumps(table['seats'][table['winner']]):
            return 'c', 'Ryuuiisou without the green dragon (J3-S13); the library needs hatsu?'
        if ln - on == {'Paarenchan'}:
            return 'unexplained', 'Paarenchan'
        return 'unexplained', 'yakuman names'
    if field == 'yaku':
        only_o = collections.Counter(o['yaku']) - collections.Counter(L['yaku'])
        only_l = collections.Counter(L['yaku']) - collections.Counter(o['yaku'])
        names = {n for n, _ in only_o} | {n for n, _ in only_l}
        # a yaku only one side has: explained when, without it, the lists are equal, or our
        # reading (the seed's best, J3-S4) is worth at least the library's without it
        rest_o = [p for p in o['yaku'] if p[0] not in J3_ONLY]
        rest_l = [p for p in L['yaku'] if p[0] not in LIB_ONLY]
        same = sorted(rest_o) == sorted(rest_l)
        better = yaku_han(o['yaku']) >= yaku_han(rest_l)
        how = '' if same else ' (and another reading of the other sets; ours worth as much or more)'
        if names & (J3_ONLY | LIB_ONLY) and (same or better):
            if names & J3_ONLY:
                return 'c', 'a seed yaku with no four-player counterpart: %s%s' % (
                    ', '.join(sorted(names & J3_ONLY)), how)
            return 'c', 'a four-player yaku the seed does not have: %s%s' % (
                ', '.join(sorted(names & LIB_ONLY)), how)
        if yaku_han(o['yaku']) == yaku_han(L['yaku']):
            return 'tie', 'another reading of equal yaku han (%s / %s)' % (
                ' '.join(sorted('%s %d' % p for p in only_o.elements())),
                ' '.join(sorted('%s %d' % p for p in only_l.elements())))
        if yaku_han(o['yaku']) > yaku_han(L['yaku']):
            return 'tie', ('our reading is worth more at the seed\'s han; the library chose its '
                           'own highest (by its values and fu)')
        return 'unexplained', 'yaku'
    return 'unexplained', field


def line_out(label, c, washouts):
    print('%-20s won %5d  agree %5d (no yaku both %d)  tie %3d  (a) %d  (b) %3d  (c) %3d  unexplained %d'
          '  invalid %d%s' % (label, c['tables'], c['agree'], c['both no yaku'], c['tie'], c['a'], c['b'],
                              c['c'], c['unexplained'], c['invalid'],
                              '' if washouts is None else '  (washouts %d)' % washouts))


def fmt_pairs(pairs):
    return ', '.join('%s %s' % p for p in pairs) or '-'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bots', default='greedy,strong')
    ap.add_argument('--games', type=int, default=60)
    ap.add_argument('--seeds', default='1,2')
    ap.add_argument('--synthetic', type=int, default=0)
    ap.add_argument('--tables')
    ap.add_argument('--no-build', action='store_true')
    ap.add_argument('--mahjong', default=os.path.join(ROOT, 'target', 'release', 'mahjong'))
    ap.add_argument('--python', default=os.environ.get('RIICHI_PYTHON', '/tmp/riichi-venv/bin/python'))
    ap.add_argument('--work')
    ap.add_argument('--show', type=int, default=3)
    ap.add_argument('--diff-out')
    args = ap.parse_args()
    work = args.work or tempfile.mkdtemp(prefix='riichi-')
    os.makedirs(work, exist_ok=True)
    if not args.no_build and not args.tables or (args.tables and not os.path.exists(args.mahjong)):
        run(['cargo', 'build', '--release', '-q', '-p', 'mahjong-cli'])
    ver = run([args.python, '-c', 'import importlib.metadata as m; print(m.version("mahjong"))']).stdout.strip()

    sources = []  # (label, tables)
    if args.tables:
        with open(args.tables) as f:
            sources.append((os.path.basename(args.tables), [l for l in f if l.strip()]))
    else:
        for seed in args.seeds.split(','):
            for bot in args.bots.split(','):
                rec = os.path.join(work, 'j3-%s-%s.record.jsonl' % (bot, seed))
                run([args.mahjong, 'simulate', '--ruleset', 'japanese-3p', '--games', str(args.games),
                     '--seed', seed, '--bots', bot, '--record', rec])
                lines = run([args.mahjong, 'replay', rec, '--tables']).stdout.splitlines()
                sources.append(('%s seed %s' % (bot, seed), [l for l in lines if l.strip()]))
            if args.synthetic:
                out = run([sys.executable, SYNTH, '--seed', seed, '--count', str(args.synthetic)]).stdout
                with open(os.path.join(work, 'synthetic-%s.jsonl' % seed), 'w') as f:
                    f.write(out)
                sources.append(('synthetic seed %s' % seed, [l for l in out.splitlines() if l.strip()]))

    totals = collections.Counter()
    groups = collections.defaultdict(list)
    info = collections.Counter()
    covered = collections.Counter()  # agreeing tables per yaku / bonus / band of ours
    diffs = []
    print('library: mahjong %s (%s)' % (ver, args.python))
    for label, lines in sources:
        won = [l for l in lines if json.loads(l).get('winner') is not None]
        washouts = len(lines) - len(won)
        if not won:
            print('%-22s no won hands (%d washouts)' % (label, washouts))
            continue
        inp = '\n'.join(won) + '\n'
        ours = run([args.mahjong, 'score', '--batch'], inp=inp, check=False).stdout.splitlines()
        lib = run([args.python, ORACLE], inp=inp).stdout.splitlines()
        c = collections.Counter()
        for line, ol, ll in zip(won, ours, lib):
            t = json.loads(line)
            oo, lo = json.loads(ol), json.loads(ll)
            t['_lib'] = lo
            c['tables'] += 1
            if 'error' in oo:
                msg = oo['error']
                real = [n for n, _ in lo.get('yaku', []) if n not in ('Menzen Tsumo', 'Ippatsu')]
                if 'no yaku before' in msg and not lo.get('error') and (real or lo.get('yakuman')):
                    c['b'] += 1
                    groups[('b', 'atozuke-nashi (J3-T6, J3-S11): we refuse a win on a discard without a '
                                 'yaku before it; the library has no such rule')].append((t, None))
                elif 'no yaku' in msg and (lo.get('error') == 'no_yaku' or (not real and not lo.get('yakuman'))):
                    c['agree'] += 1
                    c['both no yaku'] += 1
                elif 'no yaku' in msg:
                    c['unexplained'] += 1
                    groups[('unexplained', 'we say no yaku, the library finds one')].append((t, None))
                else:
                    c['invalid'] += 1
                    groups[('invalid', 'table refused by our reader: ' + msg.split(': ', 1)[-1][:80])].append((t, None))
                continue
            if 'error' in lo:
                seat = oo['seats'][t['winner']]
                ours_yaku = {i['name'] for i in seat['items'] if i['rule'].startswith('J3-Y')}
                if seat['yakuman'] and any(i['name'] == 'Suukantsu' for i in seat['items']):
                    c['c'] += 1
                    groups[('c', 'Suukantsu without a pair (J3-S13): no complete hand to the library')].append((t, None))
                elif lo['error'] == 'no_yaku' and ours_yaku and ours_yaku <= J3_ONLY:
                    c['c'] += 1
                    groups[('c', 'the only yaku is a seed yaku with no four-player counterpart (%s): '
                                 'no yaku to the library' % ', '.join(sorted(ours_yaku)))].append((t, None))
                else:
                    c['unexplained'] += 1
                    groups[('unexplained', 'library refused: %s' % lo['error'])].append((t, None))
                continue
            field, d = compare_one(t, oo, lo)
            if d['lib']['dropped']:
                info['Menzen Tsumo subtracted from the library (J3-S6)'] += 1
            for r in d['lib']['revalued']:
                info['library yaku valued at the seed\'s han: ' + r] += 1
            lvl = LIB_LEVEL.get(d['lib_level'], '')
            if isinstance(d['band'], str) and lvl == d['band']:
                info['library\'s own band = ours (from mangan up)'] += 1
            if field is None:
                c['agree'] += 1
                for n, _ in d['ours']['yaku'] + d['ours']['yakuman']:
                    covered[n] += 1
                for n, v in d['ours']['bonus'].items():
                    covered[n] += v > 0
                covered['band %s' % d['band']] += 1
                continue
            cls, why = classify(t, field, d)
            c[cls] += 1
            groups[(cls, why)].append((t, d))
            diffs.append({'class': cls, 'reason': why, 'field': field, 'table': {k: v for k, v in t.items() if k != '_lib'},
                          'ours': d['ours'], 'lib': d['lib'], 'lib_raw': lo})
        totals.update(c)
        line_out(label, c, washouts)
    c = totals
    line_out('TOTAL', c, None)
    print('\nnotes (not disagreements):')
    for k, v in sorted(info.items(), key=lambda kv: -kv[1]):
        print('  %5d  %s' % (v, k))
    print('\nagreeing tables holding each of our yaku, yakuman, bonus items and bands:')
    print('  ' + ', '.join('%s %d' % kv for kv in sorted(covered.items(), key=lambda kv: (-kv[1], kv[0]))))
    print('\ndisagreements by class:')
    for (cls, why), items in sorted(groups.items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
        print('\n[%s] %d  %s' % (cls, len(items), why))
        shown = items if args.show < 0 else items[:args.show]
        for t, d in shown:
            lib = t.pop('_lib')
            print('  table: %s' % json.dumps(t, separators=(',', ':')))
            if d:
                o, L = d['ours'], d['lib']
                print('    ours: yaku [%s] yakuman [%s] bonus %s han %d score %d' % (
                    fmt_pairs(o['yaku']), fmt_pairs(o['yakuman']), dict(o['bonus']), o['han'], o['score']))
                print('    lib:  yaku [%s] yakuman [%s] dora %d aka %d ura %d ippatsu %d -> han %d (+2 Bazoro); '
                      'its own: %d han %d fu %s %d' % (
                          fmt_pairs(L['yaku']), fmt_pairs(L['yakuman']), lib['dora'], lib['aka'], lib['ura'],
                          L['ippatsu'], L['han'], lib['han'], lib['fu'], lib['cost']['yaku_level'] or '-',
                          lib['cost']['total']))
            else:
                print('    lib: %s' % json.dumps(lib))
            t['_lib'] = lib
    if args.diff_out:
        with open(args.diff_out, 'w') as f:
            for x in diffs:
                f.write(json.dumps(x) + '\n')
    print('\nwork dir: %s' % work)
    return 1 if c['unexplained'] or c['a'] else 0


if __name__ == '__main__':
    sys.exit(main())
