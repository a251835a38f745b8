#!/usr/bin/python3
"""Compare our `dmjl`/`bmja` scorer with KDE Kajongg's, table by table.

One command (from /work/main; builds, simulates, compares, reports):

    /usr/bin/python3 tools/kajongg/compare.py

Options: --presets dmjl,bmja  --bots random,greedy,strong  --games 10 (per preset and bot)
--synthetic 1000 (per preset, from synth.py: rare hands the bots seldom reach; 0 = none)
--seed 1  --no-build  --work DIR (keep the records/tables there)
--tables FILE (compare the tables in FILE instead; any preset in it)
--show N (disagreeing tables printed per preset, default 10; 0 none, -1 all).

Tables: `mahjong simulate --record` then `mahjong replay --tables` (every finished hand,
washouts included), plus the synthetic ones. Each table is scored by `mahjong score
--batch` (ours) and tools/kajongg/oracle.py (Kajongg). Compared: every seat's total and,
for the winner, the multiset of rule names used (our item names mapped to Kajongg's,
kajongg_name()). Reported per preset: agreement counts, then the disagreements grouped by
the rule names that differ (with one example table each), then up to --show tables with
seat, both totals and rules, and the Kajongg hand string. Not counted as disagreements:
a winner with the same total at the limit reached through other items (several limit
hands match, Kajongg lists the first; or a capped hand ties with a limit hand), listed
apart; washouts (Kajongg pays nothing, ours is checked to score 0 on a sample); tables
our scorer rejects when Kajongg does not see a win either.
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ORACLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'oracle.py')
MAHJONG = os.path.join(ROOT, 'target', 'release', 'mahjong')
SEATS = ['E', 'S', 'W', 'N']
WASHOUT_SAMPLE = 300
LIMIT = {'dmjl': 500, 'bmja': 1000}


def kajongg_name(name, preset):
    """our item name -> Kajongg's rule name (None: no Kajongg rule)."""
    for head in ('Exposed Pung', 'Concealed Pung', 'Exposed Kong', 'Concealed Kong'):
        if name == head + ': minor':
            return head
        if name == head + ': terminals':
            return head + ' of Terminals'
        if name == head + ': honors':
            return head + ' of Honors'
    fixed = {
        'limit reached': None,
        'Calling for 13 Unique Wonders': 'Calling for The 13 Unique Wonders',
        'Calling for Four Blessings': 'Calling for Four Blessings Hovering over the Door',
    }
    if name in fixed:
        return fixed[name]
    if name == 'Original Call' and preset == 'dmjl':
        return 'Mah Jongg with Original Call'
    if name == 'Thirteen Orphans' and preset == 'bmja':
        return 'The 13 Unique Wonders'
    return name


def run(cmd, inp=None, check=True):
    r = subprocess.run(cmd, input=inp, capture_output=True, text=True, cwd=ROOT)
    if check and r.returncode != 0:
        sys.exit('command failed (%s): %s\n%s' % (r.returncode, ' '.join(cmd), r.stderr[-2000:]))
    return r


def make_tables(preset, bots, games, seed, work):
    rec = os.path.join(work, '%s-%s-%d.record.jsonl' % (preset, bots, seed))
    run([MAHJONG, 'simulate', '--ruleset', preset, '--games', str(games), '--seed', str(seed),
         '--bots', bots, '--record', rec])
    r = run([MAHJONG, 'replay', rec, '--tables'])
    return [l for l in r.stdout.splitlines() if l.strip().startswith('{')]


def ours(tables):
    """score each table alone so one bad table does not stop the batch."""
    r = run([MAHJONG, 'score', '--batch'], inp='\n'.join(tables) + '\n', check=False)
    lines = r.stdout.splitlines()
    if len(lines) == len(tables):
        return [json.loads(l) for l in lines]
    out = []
    for t in tables:
        r = run([MAHJONG, 'score', '--json'], inp=t, check=False)
        out.append(json.loads(r.stdout) if r.returncode == 0 else {'error': r.stderr.strip()})
    return out


def kajongg(tables):
    env = dict(os.environ, QT_QPA_PLATFORM='offscreen')
    r = subprocess.run(['/usr/bin/python3', ORACLE], input='\n'.join(tables) + '\n',
                       capture_output=True, text=True, env=env)
    if r.returncode != 0:
        sys.exit('oracle failed:\n' + r.stderr[-3000:])
    return [json.loads(l) for l in r.stdout.splitlines()]


def our_rules(seat, preset):
    names = [kajongg_name(i['name'], preset) for i in seat.get('items', [])]
    return collections.Counter(n for n in names if n)


def fmt_counter(c):
    return ', '.join('%s%s' % (k, ' x%d' % v if v > 1 else '') for k, v in sorted(c.items()))


def compare(tables, show, classes, label='tables'):
    by_preset = collections.OrderedDict()
    washouts = collections.defaultdict(list)
    for t in tables:
        tj = json.loads(t)
        if tj.get('winner') is None:
            washouts[tj.get('ruleset')].append(t)
        else:
            by_preset.setdefault(tj.get('ruleset'), []).append(t)
    for preset in list(washouts):
        by_preset.setdefault(preset, [])
    for preset, tabs in by_preset.items():
        # Kajongg pays nothing after a washout (handTotal 0): check ours on a sample only.
        wash = washouts[preset]
        nonzero = sum(any(s['score'] for s in r.get('seats', {}).values()) or 'error' in r
                      for r in ours(wash[:WASHOUT_SAMPLE]))
        o = ours(tabs)
        k = kajongg(tabs)
        stats = collections.Counter()
        stats['tables'] = len(wash)
        stats['washouts'] = len(wash)
        diffs = []
        cls = collections.Counter()
        cls_example = {}
        ties = collections.Counter()
        for t, a, b in zip(tabs, o, k):
            tj = json.loads(t)
            stats['tables'] += 1
            if 'error' in b:
                stats['errors'] += 1
                diffs.append((t, ['  ORACLE ERROR %s' % b.get('error')]))
                continue
            if 'error' in a:
                # ours rejects the table: agreement when Kajongg does not see a win either
                w = tj['winner']
                if b['seats'][w]['won']:
                    stats['rejected_but_kajongg_wins'] += 1
                    key = ('rejected', a['error'].split(':')[-1].strip()[:60], b['seats'][w]['effective_rules'][0])
                    cls[key] += 1
                    cls_example.setdefault(key, (t, w))
                    diffs.append((t, ['  ours rejects: %s\n      kajongg %s [%s]\n      string: %s' % (
                        a['error'], b['seats'][w]['total'], fmt_counter(collections.Counter(b['seats'][w]['effective_rules'])),
                        b['seats'][w]['string'])]))
                else:
                    stats['rejected_both'] += 1
                continue
            lines = []
            w = tj['winner']
            table_ok = True
            for s in SEATS:
                sa, sb = a['seats'][s], b['seats'][s]
                stats['seats'] += 1
                ra, rb = our_rules(sa, preset), collections.Counter(sb['effective_rules'])
                total_ok = sa['score'] == sb['total']
                rules_ok = ra == rb
                if s == w and total_ok and not rules_ok and sb['total'] == LIMIT.get(preset):
                    # same total, at the limit, from other items: several limit hands
                    # match (Kajongg lists the first: its MJ rule before winner rules),
                    # or an ordinary hand capped at the limit ties with a limit hand
                    stats['limit_ties'] += 1
                    name = lambda c: '+'.join(sorted(c)) if len(c) == 1 else 'capped ordinary hand'
                    ties[(name(ra), name(rb))] += 1
                    rules_ok = True
                if total_ok:
                    stats['seats_agree'] += 1
                if s == w:
                    stats['winners'] += 1
                    stats['winner_total_agree'] += total_ok
                    stats['winner_rules_agree'] += rules_ok
                else:
                    stats['loser_total_agree'] += total_ok
                if not total_ok or (s == w and not rules_ok):
                    table_ok = False
                    only_a, only_b = ra - rb, rb - ra
                    key = (s == w, tuple(sorted(only_a)), tuple(sorted(only_b)))
                    cls[key] += 1
                    cls_example.setdefault(key, (t, s))
                    lines.append('  %s%s ours %s [%s]\n      kajongg %s [%s]\n      only ours: %s | only kajongg: %s\n      string: %s' % (
                        s, '*' if s == w else ' ', sa['score'], fmt_counter(ra), sb['total'],
                        fmt_counter(rb), fmt_counter(only_a) or '-', fmt_counter(only_b) or '-',
                        sb['string']))
            stats['tables_agree'] += table_ok
            if not table_ok:
                diffs.append((t, lines))
        scored = stats['tables'] - stats['washouts'] - stats['rejected_both'] - \
            stats['rejected_but_kajongg_wins'] - stats['errors']
        print('== %s, %s: %d tables (%d washouts, %d oracle errors, %d not a win for both, '
              '%d rejected by ours but won in Kajongg); scored tables agreeing fully: %d/%d'
              % (preset, label, stats['tables'], stats['washouts'], stats['errors'],
                 stats['rejected_both'], stats['rejected_but_kajongg_wins'],
                 stats['tables_agree'], scored))
        print('   seat totals agree %d/%d; winner totals %d/%d; winner rule lists %d/%d; '
              'loser totals %d/%d' % (
                  stats['seats_agree'], stats['seats'], stats['winner_total_agree'],
                  stats['winners'], stats['winner_rules_agree'], stats['winners'],
                  stats['loser_total_agree'], stats['seats'] - stats['winners']))
        if ties:
            print('   winner rule lists counted as agreeing: same total at the limit, other '
                  'items (several limit hands match, or a capped hand ties): %d: %s' % (
                      stats['limit_ties'], ', '.join(
                          'ours %s / kajongg %s x%d' % (a, b, n) for (a, b), n in ties.most_common())))
        print('   washouts: ours scores 0 for every seat in %d/%d checked'
              % (min(len(wash), WASHOUT_SAMPLE) - nonzero, min(len(wash), WASHOUT_SAMPLE)))
        if classes and cls:
            print('   disagreement classes (winner?, only ours, only kajongg): count')
            for key, n in cls.most_common():
                if key[0] == 'rejected':
                    print('   %4d  ours rejects (%s), kajongg wins with %s' % (n, key[1], key[2]))
                else:
                    print('   %4d  %s  ours+%s  kajongg+%s' % (
                        n, 'winner' if key[0] else 'loser ', list(key[1]), list(key[2])))
                t, s = cls_example[key]
                print('         e.g. seat %s of %s' % (s, t))
        if show:
            for t, lines in diffs[:show if show > 0 else None]:
                print('-- table: %s' % t)
                print('\n'.join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--presets', default='dmjl,bmja')
    ap.add_argument('--bots', default='random,greedy,strong')
    ap.add_argument('--games', type=int, default=10)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--no-build', action='store_true')
    ap.add_argument('--work')
    ap.add_argument('--tables')
    ap.add_argument('--show', type=int, default=10)
    ap.add_argument('--synthetic', type=int, default=1000, metavar='N',
                    help='also N synthetic tables per preset from synth.py (rare hands)')
    args = ap.parse_args()
    if not args.no_build:
        run(['cargo', 'build', '--release', '-q', '-p', 'mahjong-cli'])
    if args.tables:
        with open(args.tables) as f:
            tables = [l.strip() for l in f if l.strip()]
        compare(tables, args.show, True)
        return
    work = args.work or tempfile.mkdtemp(prefix='kajongg-compare-')
    os.makedirs(work, exist_ok=True)
    tables = []
    for preset in args.presets.split(','):
        for bots in args.bots.split(','):
            tables += make_tables(preset, bots, args.games, args.seed, work)
    with open(os.path.join(work, 'tables.jsonl'), 'w') as f:
        f.write('\n'.join(tables) + '\n')
    print('tables from games: %s' % os.path.join(work, 'tables.jsonl'))
    compare(tables, args.show, True, 'tables from games')
    if args.synthetic:
        r = run([sys.executable, os.path.join(os.path.dirname(ORACLE), 'synth.py'),
                 '--count', str(args.synthetic), '--seed', str(args.seed),
                 '--presets', args.presets])
        synth = r.stdout.splitlines()
        with open(os.path.join(work, 'synthetic.jsonl'), 'w') as f:
            f.write('\n'.join(synth) + '\n')
        print('synthetic tables: %s' % os.path.join(work, 'synthetic.jsonl'))
        compare(synth, args.show, True, 'synthetic tables')


if __name__ == '__main__':
    main()
