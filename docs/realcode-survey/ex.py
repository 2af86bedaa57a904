"""Extract a fetched repository's text files (from a bare git directory)
under the given prefixes; blobs the mirror lacks are skipped, not fatal.

usage: python3 ex.py GITDIR OUTDIR PREFIX...
"""
import sys, subprocess, os
g, out, prefixes = sys.argv[1], sys.argv[2], sys.argv[3:]
ls = subprocess.run(['git','--git-dir='+g,'ls-tree','-r','HEAD','--']+prefixes, capture_output=True, text=True).stdout.splitlines()
n=0; miss=0
for line in ls:
    meta, path = line.split('\t',1)
    mode, typ, sha = meta.split()
    if typ!='blob': continue
    r = subprocess.run(['git','--git-dir='+g,'cat-file','blob',sha], capture_output=True)
    if r.returncode: miss+=1; continue
    p=os.path.join(out,path); os.makedirs(os.path.dirname(p),exist_ok=True)
    open(p,'wb').write(r.stdout); n+=1
print(out, n, 'files', miss, 'missing')
