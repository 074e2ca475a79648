#!/usr/bin/env python3
"""Attributes a built chunk's bytes to the source packages that produced them (from its source map)."""
import json, sys, collections, re
B64 = {c: i for i, c in enumerate('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')}
def vlq(seg):
    out, val, shift = [], 0, 0
    for ch in seg:
        d = B64[ch]; val += (d & 31) << shift
        if d & 32: shift += 5
        else:
            out.append(-(val >> 1) if val & 1 else val >> 1); val, shift = 0, 0
    return out
m = json.load(open(sys.argv[1]))
js = open(sys.argv[1][:-4]).read().split('\n')
sizes = collections.Counter(); src = 0
for li, line in enumerate(m['mappings'].split(';')):
    col = 0; prev = None
    segs = [vlq(s) for s in line.split(',') if s]
    for s in segs:
        col += s[0]
        if len(s) > 1: src += s[1]
        if prev is not None: sizes[prev[1]] += col - prev[0]
        prev = (col, src)
    if prev is not None and li < len(js): sizes[prev[1]] += len(js[li]) - prev[0]
pk = collections.Counter()
for i, n in sizes.items():
    p = m['sources'][i]
    mm = re.search(r'node_modules/((@[^/]+/)?[^/]+)', p)
    pk[mm.group(1) if mm else 'app:' + p.split('src/web/')[-1]] += n
for k, v in pk.most_common(25): print(f'{v:>9}  {k}')
