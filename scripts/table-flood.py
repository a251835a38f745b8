#!/usr/bin/env python3
"""Measures the server's memory under a table flood from one address.

Usage: scripts/table-flood.py BINARY N [serve flags...]
Starts `BINARY serve` on a fresh SQLite file, sends N `POST /api/tables` in a row, prints
the answers by status and the server's RSS before, after, and after a restart (waiting
tables come back from the database). Lift the caps to see the server without them:
`--max-tables 0 --max-tables-per-client 0 --rate-per-second 0`.
"""
import collections, json, os, signal, subprocess, sys, tempfile, time, urllib.request

binary, n, flags = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
db = os.path.join(tempfile.mkdtemp(), "flood.sqlite")
port = 18000 + os.getpid() % 1000
srv = subprocess.Popen([binary, "serve", "--bind", f"127.0.0.1:{port}", "--db", db] + flags,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
def rss():
    with open(f"/proc/{srv.pid}/status") as f:
        for l in f:
            if l.startswith("VmRSS"): return int(l.split()[1]) / 1024
for _ in range(100):
    try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rulesets"); break
    except Exception: time.sleep(0.1)
body = json.dumps({"ruleset": "millington", "seats": ["human", "greedy", "greedy", "greedy"]}).encode()
codes = collections.Counter(); r0 = rss(); t0 = time.time()
for i in range(n):
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body,
                                 headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req) as r: codes[r.status] += 1
    except urllib.error.HTTPError as e: codes[e.code] += 1
r1 = rss()
srv.send_signal(signal.SIGTERM); srv.wait()
size = os.path.getsize(db) / 1024
# restart: what comes back into memory
srv = subprocess.Popen([binary, "serve", "--bind", f"127.0.0.1:{port}", "--db", db] + flags,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(100):
    try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rulesets"); break
    except Exception: time.sleep(0.1)
time.sleep(0.5)
r2 = rss()
srv.send_signal(signal.SIGTERM); srv.wait()
print(json.dumps({"requests": n, "codes": dict(codes), "rss_start_mb": round(r0,1), "rss_after_mb": round(r1,1),
                  "rss_after_restart_mb": round(r2,1), "secs": round(time.time()-t0,1), "db_kb": round(size)}))
