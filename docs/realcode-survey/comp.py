"""Compile configurations of $SURVEY/cfgs.json (indices as arguments) the
way the runtime builds for the host device, into $SURVEY/out/<repo>/<name>.spv,
with a log per configuration in $SURVEY/log. A macro the host defines and
the options lack (an undeclared identifier, "X must be defined", a zero
divisor in #if) is retried as -DX=16, an unknown type name as float.

usage: python3 comp.py N...   (e.g. seq 0 665 | xargs -P2 -n4 python3 comp.py)
"""
import os
W = os.environ.get('SURVEY', '/tmp/survey')
import json, subprocess, sys, os, re, time
cfgs=json.load(open(W+'/cfgs.json'))
idx=[int(a) for a in sys.argv[1:]]
for i in idx:
    c=cfgs[i]; out=f'{W}/out/{c["repo"]}/{c["name"]}.spv'; log=f'{W}/log/{c["repo"]}/{c["name"]}.log'
    os.makedirs(os.path.dirname(out),exist_ok=True); os.makedirs(os.path.dirname(log),exist_ok=True)
    if os.path.exists(out) or os.path.exists(log): continue
    opts=list(c['opts']); extra=[]; t0=time.time()
    for rnd in range(8):
        cmd=['nice','timeout','300',W+'/clgo','compile','-arch=spir64','-physical-storage-buffers=auto']+opts+extra+['-o',out+'.tmp',c['src']]
        r=subprocess.run(cmd,capture_output=True,text=True,cwd=os.path.dirname(c['src']) if c['repo']!='hashcat' else W+'/src/hashcat')
        if r.returncode==0: break
        und=set(re.findall(r"use of undeclared identifier '(\w+)'",r.stderr)); typ=set(re.findall(r"unknown type name '(\w+)'",r.stderr)); und|=set(re.findall(r"error: (\w+) must be defined",r.stderr))|set(re.findall(r"error:.*?\b([A-Z][A-Z0-9_]{2,}) (?:is )?not defined",r.stderr))
        for m in re.finditer(r"by zero in preprocessor expression\n(.*)\n",r.stderr): und|=set(re.findall(r"\b([A-Z_][A-Z0-9_]{2,})\b",m.group(1)))
        new=[f'-D{u}=16' for u in sorted(und)]+[f'-D{u}=float' for u in sorted(typ)]
        new=[n for n in new if n not in extra]
        if not new: break
        extra+=new
    dt=time.time()-t0
    with open(log,'w') as L:
        L.write(' '.join(cmd)+'\n'+f'rc={r.returncode} time={dt:.1f}\n'+r.stderr[-3000:])
    if r.returncode==0: os.rename(out+'.tmp',out)
    elif os.path.exists(out+'.tmp'): os.remove(out+'.tmp')
