"""Write $SURVEY/cfgs.json: the real-code configurations of the lane-tier
survey (docs/hosttier.md, "Real-code survey of the lane tier", branch
s21-survey), one per source file and option set, with the build options
each application's host code passes (values it computes at run time are
plausible constants). Sources are read from $SURVEY/src/<repo> (fetched
with ex.py); concatenated programs are written under $SURVEY/gen.
"""
import os
W = os.environ.get('SURVEY', '/tmp/survey')
import os, re, json, glob
S=W+'/src'; G=W+'/gen'
cfgs=[]
def add(repo,name,src,opts,inc=()):
    cfgs.append(dict(repo=repo,name=re.sub(r'[^A-Za-z0-9_.+-]','_',name),src=src,opts=list(opts)+[x for d in inc for x in ('-I',d)]))
def gen(repo,name,text):
    p=f'{G}/{repo}/{name}.cl'; os.makedirs(os.path.dirname(p),exist_ok=True); open(p,'w').write(text); return p
# rodinia
for f in sorted(glob.glob(f'{S}/gpu-rodinia/opencl/*/*.cl')+glob.glob(f'{S}/gpu-rodinia/opencl/*/*/*.cl')):
    d=os.path.dirname(f); # pathfinder's kernel declares a variable BLOCK_SIZE: its host passes no -D
    add('rodinia',os.path.relpath(f,f'{S}/gpu-rodinia/opencl'),f,[] if 'pathfinder' in f else ['-DBLOCK_SIZE=16','-DDEFAULT_ORDER=256'],[d,os.path.dirname(d)])
# shoc
shoc=sorted(glob.glob(f'{S}/shoc/src/opencl/level1/*/*.cl')+glob.glob(f'{S}/shoc/src/opencl/level2/s3d/*.cl'))
for f in shoc:
    for p,o in (('sp','-DSINGLE_PRECISION'),('dp','-DK_DOUBLE_PRECISION')):
        add('shoc',os.path.relpath(f,f'{S}/shoc/src/opencl')+'.'+p,f,[o,'-DLROWS=8','-DLCOLS=256','-DDIM=16','-DN_GP=16'],[os.path.dirname(f)])
# john
jd=f'{S}/john/run/opencl'
for f in sorted(glob.glob(jd+'/*.cl')):
    add('john',os.path.basename(f),f,['-D_OPENCL_COMPILER','-D__GPU__','-DDEVICE_INFO=2','-DDEV_VER_MAJOR=3','-DDEV_VER_MINOR=0','-DSIZEOF_SIZE_T=8','-DJOHN_OCL=1'],[jd,os.path.dirname(jd)])
# clBLAS kernel strings
def cstrings(txt):
    out=[]
    for m in re.finditer(r'(?:static\s+)?const\s+char\s*\*\s*(\w+)\s*=',txt):
        i=m.end(); parts=[]
        while True:
            while i<len(txt) and txt[i] in ' \t\r\n': i+=1
            if i>=len(txt) or txt[i]!='"': break
            i+=1; s=[]
            while txt[i]!='"':
                if txt[i]=='\\':
                    c=txt[i+1]
                    if c=='\n': i+=2; continue
                    s.append({'n':'\n','t':'\t','"':'"','\\':'\\',"'":"'"}.get(c,'\\'+c)); i+=2; continue
                s.append(txt[i]); i+=1
            i+=1; parts.append(''.join(s))
        out.append((m.group(1),''.join(parts)))
    return out
for f in sorted(glob.glob(f'{S}/clBLAS/src/library/blas/gens/clTemplates/*.cl')):
    for nm,body in cstrings(open(f,errors='replace').read()):
        if '%' in body or '__kernel' not in body: continue
        p=gen('clblas',nm,body)
        add('clblas',nm,p,[]); add('clblas',nm+'.dp',p,['-DDOUBLE_PRECISION'])
# sgminer
sg=['-D','WORKSIZE=256','-D','LOOKUP_GAP=2','-D','CONCURRENT_THREADS=8192','-D','NFACTOR=10','-D','SPH_COMPACT_BLAKE_64=0','-D','SPH_LUFFA_PARALLEL=0','-D','SPH_KECCAK_UNROLL=0','-D','SPH_HAMSI_EXPAND_BIG=4','-D','SPH_HAMSI_SHORT=0']
for f in sorted(glob.glob(f'{S}/sgminer/kernel/*.cl')):
    add('sgminer',os.path.basename(f),f,sg,[os.path.dirname(f)])
# gpuowl
gd=f'{S}/gpuowl/src/cl'
gp=['-cl-std=CL2.0','-cl-finite-math-only','-DEXP=110000017u','-DWIDTH=1024u','-DSMALL_HEIGHT=256u','-DMIDDLE=10u','-DCARRY_LEN=8u','-DNW=4u','-DNH=4u',
    '-DWEIGHT_STEP=0.33','-DIWEIGHT_STEP=-0.25','-DFFT_VARIANT=101u','-DTAILT=U2(0.99,0.01)','-DTRIG_SCALE=1','-DTRIG_SIN={1.0,-0.16,0.008,-0.0002,2.7e-06,-2.5e-08,1.6e-10,-7.6e-13}','-DTRIG_COS={-0.5,0.04,-0.0013,2.4e-05,-2.7e-07,2.0e-09,-1.1e-11,4.7e-14}','-DFRAC_BPW_HI=123456u','-DFRAC_BPW_LO=654321u','-DFRAC_BITS_BIGSTEP=77u']
seen=set()
for m in re.finditer(r'K\(\w+,\s*"(\w+\.cl)",\s*"(\w+)",[^"\n]*?(?:,\s*"([^"]*)")?\),?\s*$',open(f'{S}/gpuowl/src/Gpu.cpp').read(),re.M):
    fn,kn,extra=m.group(1),m.group(2),m.group(3) or ''
    key=(fn,extra)
    if key in seen: continue
    seen.add(key)
    p=gen('gpuowl','k_'+fn[:-3]+extra.replace(' ','').replace('-D','_').replace('=1',''),f'#include "{fn}"\n')
    add('gpuowl',os.path.basename(p)[:-3],p,gp+extra.split(),[gd])
# xmrig
xd=f'{S}/xmrig/src/backend/opencl/cl'
for nm,algo,base,fam,it,mask,mem in [('cn0','0x63150000','0x63150000','0x63150000',0x80000,0x1FFFF0,2<<20),('cn1','0x63150100','0x63150100','0x63150000',0x80000,0x1FFFF0,2<<20),('cn2','0x63150200','0x63150200','0x63150000',0x80000,0x1FFFF0,2<<20),('cnheavy','0x63160000','0x63150000','0x63160000',0x40000,0x3FFFF0,4<<20),('cnpico','0x63120200','0x63150200','0x63120000',0x40000,0x1FFF0,256<<10)]:
    add('xmrig',nm,f'{xd}/cn/cryptonight.cl',[f'-DITERATIONS={it}U',f'-DMASK={mask}U','-DWORKSIZE=8U','-DSTRIDED_INDEX=1U','-DMEM_CHUNK_EXPONENT=4U',f'-DMEMORY={mem}LU',f'-DALGO={algo}',f'-DALGO_BASE={base}',f'-DALGO_FAMILY={fam}','-DCN_UNROLL=2'],[f'{xd}/cn'])
for nm,algo in [('rx0','0x72151200'),('rxwow','0x72141177'),('rxarqma','0x72121061')]:
    add('xmrig',nm,f'{xd}/rx/randomx.cl',[f'-DALGO={algo}','-DWORKERS_PER_HASH=8','-DGCN_VERSION=14'],[f'{xd}/rx'])
add('xmrig','kawpow_dag',f'{xd}/kawpow/kawpow_dag.cl',['-DPLATFORM=0'],[f'{xd}/kawpow'])
# opencv_contrib
for f in sorted(glob.glob(f'{S}/opencv_contrib/modules/*/src/opencl/*.cl')):
    add('opencv',os.path.relpath(f,f'{S}/opencv_contrib/modules').replace('/src/opencl/','.'),f,[],[os.path.dirname(f)])
# arrayfire: default macros + KParam + kernel source
ad=f'{S}/arrayfire/src/backend/opencl/kernel'
defm='#ifdef USE_DOUBLE\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n#define half short\n#ifndef schar\n#define schar char\n#endif\n#ifndef M_PI\n#define M_PI 3.14159265358979323846\n#endif\n'
kp=open(f'{ad}/KParam.hpp').read()
for f in sorted(glob.glob(ad+'/*.cl')):
    p=gen('arrayfire',os.path.basename(f)[:-3],defm+kp+'\n'+open(f).read())
    add('arrayfire',os.path.basename(f)[:-3],p,['-Ddim_t=long','-DT=float','-DTo=float','-DTi=float','-DTk=float','-DTw=float','-DTy=float','-DTx=float','-DTp=float','-DAccType=float','-Dinter_t=float','-DInType=float','-DOutType=float','-DT_IN=float','-DT_OUT=float','-DinType=float','-DoutType=float','-DaccType=float','-DbinOp(a,b)=((a)+(b))','-Dtransform(x)=(x)','-DOP(a,b)=((a)+(b))','-DIS_NAN(x)=isnan(x)','-DINTERP_ORDER=1','-DXDIM=0','-DYDIM=1'],[ad])
# mandelbulber formulas, every 4th
md=f'{S}/mandelbulber2/mandelbulber2'
hdrs=['defines_cl.h','opencl_typedefs.h','opencl_algebra.h','common_params_cl.hpp','image_adjustments_cl.h','fractal_cl.h','fractal_coloring_cl.hpp','fractparams_cl.hpp','fractal_sequence_cl.h','hybrid_sequence_cl.h','texture_enums_cl.h','material_cl.h','shader_input_data_cl.h','object_type_cl.h','object_data_cl.h','node_data_cl.h','primitives_cl.h','input_data_structures.h','light_cl.h','render_data_cl.h']
pre=''.join(open(f'{md}/opencl/{h}',errors='replace').read()+'\n' for h in hdrs)+open(f'{md}/opencl/engines/basic_foldings.cl').read()+'\n'
forms=sorted(glob.glob(f'{md}/formula/opencl/*.cl'))
for f in forms[::4]:
    t=open(f,errors='replace').read()
    m=re.search(r'^(REAL4|void)\s+(\w+)\s*\(\s*REAL4\s*(\*?)\s*z\s*,\s*__global\s+sFractalCl\s*\*\s*fractal\s*,\s*sExtendedAuxCl\s*\*\s*aux\s*\)',t,re.M)
    if not m: continue
    ret,fn,ptr=m.groups()
    call=(f'REAL4 r = {fn}(z, fractal, &aux);' if ret=='REAL4' else f'{fn}(&z, fractal, &aux); REAL4 r = z;') if not ptr else f'{fn}(&z, fractal, &aux); REAL4 r = z;'
    k=f'\n__kernel void formula(__global REAL4 *out, __global sFractalCl *fractal) {{\n  sExtendedAuxCl aux;\n  aux.i = 0; aux.r = 1.0f; aux.DE = 1.0f; aux.c = out[get_global_id(0)]; aux.const_c = aux.c; aux.old_z = aux.c; aux.pos_neg = 1.0f; aux.DE0 = 0.0f; aux.dist = 0.0f; aux.pseudoKleinianDE = 1.0f; aux.actualScale = 1.0f; aux.actualScaleA = 1.0f; aux.color = 0.0f; aux.colorHybrid = 0.0f; aux.temp1000 = 0.0f;\n  REAL4 z = out[get_global_id(0)];\n  {call}\n  out[get_global_id(0)] = r;\n}}\n'
    p=gen('mandelbulber',os.path.basename(f)[:-3],pre+t+k)
    add('mandelbulber',os.path.basename(f)[:-3],p,['-DOPENCL_KERNEL_CODE'],[f'{md}/opencl'])
json.dump(cfgs,open(W+'/cfgs.json','w'))
from collections import Counter; print(Counter(c['repo'] for c in cfgs), len(cfgs))
# hashcat: every 40th m*.cl
hd=f'{S}/hashcat'
hf=sorted(glob.glob(f'{hd}/OpenCL/m*.cl'))
def hashcat_cfg(f,repo='hashcat'):
    b=os.path.basename(f); num=re.match(r'm(\d+)',b).group(1)
    mod=f'{hd}/src/modules/module_{num}.c'
    if not os.path.exists(mod): return
    mt=open(mod).read()
    g=lambda k: re.search(r'\b'+k+r'\s*=\s*([^;]+);',mt).group(1).strip()
    ae=11 if 'INSIDE' in g('ATTACK_EXEC') else 10
    ds=re.match(r'DGST_SIZE_(\d+)_(\d+)',g('DGST_SIZE')); de=int(ds.group(1))*int(ds.group(2))//4
    am=re.search(r'_a(\d)',b); am=int(am.group(1)) if am else 0
    vs=4 if 'optimized' in b else 1
    o=['-D','KERNEL_STATIC','-D','INCLUDE_PATH=OpenCL','-D','XM2S(x)=#x','-D','M2S(x)=XM2S(x)','-D','MAX_THREADS_PER_BLOCK=256','-D','LOCAL_MEM_TYPE=2','-D','VENDOR_ID=64','-D','CUDA_ARCH=0']
    o+=sum((['-D',h+'=0'] for h in 'HAS_ADD HAS_ADDC HAS_SUB HAS_SUBC HAS_VADD HAS_VADDC HAS_VADD_CO HAS_VADDC_CO HAS_VSUB HAS_VSUBB HAS_VSUB_CO HAS_VSUBB_CO HAS_VPERM HAS_VADD3 HAS_VBFE HAS_BFE HAS_LOP3 HAS_MOV64 HAS_PRMT HAS_SHFW'.split()),[])
    o+=['-D',f'VECT_SIZE={vs}','-D','DEVICE_TYPE=2']+sum((['-D',f'DGST_R{i}={g("DGST_POS%d"%i)}'] for i in range(4)),[])+['-D',f'DGST_ELEM={de}','-D',f'KERN_TYPE={int(g("KERN_TYPE").rstrip("uUlL"))}','-D',f'ATTACK_EXEC={ae}','-D',f'ATTACK_KERN={am}','-D',f'ATTACK_MODE={am}']
    m2=re.search(r'FIXED_LOCAL_SIZE=(\d+)',mt)
    if m2: o+=['-D','FIXED_LOCAL_SIZE='+m2.group(1)]
    add(repo,b[:-3],f,o,[hd])
for f in hf[::40]+hf[20::40]: hashcat_cfg(f)
json.dump(cfgs,open(W+'/cfgs.json','w'))
print(Counter(c['repo'] for c in cfgs), len(cfgs))
# --- round 2: gromacs, ethminer, pyopencl, mandelbulber engines, hashcat inc_* libraries
gr=f'{S}/gromacs/src'; gn=f'{gr}/gromacs/nbnxm/opencl'
gbase=['-DWARP_SIZE_TEST=32','-Dc_nbnxmGpuClusterSize=8','-DNBNXM_MIN_DISTANCE_SQUARED_VALUE_FLOAT=3.82e-07','-Dc_nbnxmGpuNumClusterPerSupercluster=8','-Dc_nbnxmGpuJgroupSize=4','-Dc_centralShiftIndex=22','-DIATYPE_SHMEM']
for nm,fl in [('cut_lj',['-DGMX_OCL_FASTGEN','-DEL_CUTOFF','-DEELNAME=_ElecCut','-DVDWNAME=_VdwLJ']),('rf_geom',['-DGMX_OCL_FASTGEN','-DEL_RF','-DEELNAME=_ElecRF','-DLJ_COMB_GEOM','-DVDWNAME=_VdwLJCombGeom']),
              ('ewana_lb',['-DGMX_OCL_FASTGEN_ADD_TWINCUT','-DEL_EWALD_ANA','-DEELNAME=_ElecEw','-DLJ_COMB_LB','-DVDWNAME=_VdwLJCombLB']),('ewtab_fsw',['-DGMX_OCL_FASTGEN_ADD_TWINCUT','-DEL_EWALD_TAB','-DEELNAME=_ElecEwQSTab','-DLJ_FORCE_SWITCH','-DVDWNAME=_VdwLJFsw']),
              ('cut_ljewgeom',['-DGMX_OCL_FASTGEN','-DEL_CUTOFF','-DEELNAME=_ElecCut','-DLJ_EWALD_COMB_GEOM','-DVDWNAME=_VdwLJEwCombGeom'])]:
    add('gromacs','nbnxm_'+nm,f'{gn}/nbnxm_ocl_kernels.cl',gbase+fl,[gn,gr])
add('gromacs','pme',f'{gr}/gromacs/ewald/pme_program.cl',['-DWARP_SIZE_TEST=32','-Dwarp_size=32','-Dorder=4','-DthreadsPerAtom=16','-Dc_pmeMaxUnitcellShift=2.0f','-Dc_skipNeutralAtoms=0','-Dc_virialAndEnergyCount=7','-Dc_spreadWorkGroupSize=128','-Dc_solveMaxWorkGroupSize=256','-Dc_gatherWorkGroupSize=128','-DDIM=3','-DXX=0','-DYY=1','-DZZ=2','-DwrapX=true','-DwrapY=true'],[f'{gr}/gromacs/ewald',gr])
add('ethminer','ethash',f'{S}/ethminer/libethash-cl/kernels/cl/ethash.cl',['-DPLATFORM=0','-DWORKSIZE=128','-DACCESSES=64','-DMAX_OUTPUTS=4','-DPROGPOW_DAG_ELEMENTS=1024','-DLIGHT_WORDS=1024','-DDAG_SIZE=4096','-DLIGHT_SIZE=1024','-DCOMPUTE=0','-DFAST_EXIT=0'],[])
pd=f'{S}/pyopencl/pyopencl/cl'
for f in sorted(glob.glob(pd+'/*.cl'))+sorted(glob.glob(pd+'/pyopencl-random123/*.cl')):
    add('pyopencl',os.path.basename(f),f,[],[pd])
add('pyopencl','complex_user',gen('pyopencl','complex_user','#define PYOPENCL_DEFINE_CDOUBLE\n#include <pyopencl-complex.h>\n__kernel void k(__global cfloat_t *a, __global cdouble_t *b) { size_t i = get_global_id(0); a[i] = cfloat_mul(cfloat_exp(a[i]), cfloat_sqrt(a[i])); b[i] = cdouble_divide(cdouble_log(b[i]), cdouble_pow(b[i], b[i])); }\n'),[],[pd])
eng=f'{md}/opencl/engines'
nonfast={'fractal_coloring.cl','shader_texture_pixel_address.cl','bicubic_interpolation.cl','displacement_map.cl','perlin_noise.cl','shader_surface_color.cl','shader_perlin_noise_for_shaders.cl','monte_carlo_dof.cl'}
order='fractal_coloring.cl orbit_trap_shape.cl compute_fractal.cl texture_mapping.cl shader_texture_pixel_address.cl bicubic_interpolation.cl displacement_map.cl perlin_noise.cl shader_surface_color.cl shader_perlin_noise_for_shaders.cl primitives.cl calculate_distance.cl normal_vector.cl projection_3d.cl shader_iter_opacity.cl shader_distance_fog_opacity.cl shader_clouds_opacity.cl shader_hsv2rgb.cl shader_background.cl shader_specular_highlight.cl shader_specular_highlight_combined.cl shader_fast_ambient_occlusion.cl shader_ambient_occlusion.cl shader_texture.cl shader_aux_shadow.cl shader_light_shading.cl shader_aux_lights_shader.cl shader_fake_lights.cl shader_iridescence.cl shader_normal_map_texture.cl shader_roughness_texture.cl shader_fresnel.cl shader_env_mapping.cl shader_object.cl shader_volumetric.cl shader_global_illumination.cl ray_recursion.cl monte_carlo_dof.cl'.split()
shaders=set(order[order.index('shader_iter_opacity.cl'):order.index('ray_recursion.cl')])
sw='\t\tswitch (globalSequence)\n\t\t{\n\t\t\tcase 0: z = MandelbulbIteration(z, fractal, &aux); break;\n\t\t\tcase 1: z = MandelboxIteration(z, fractal, &aux); break;\n\t\t\tcase 2: z = AmazingSurfIteration(z, fractal, &aux); break;\n\t\t\tdefault: break;\n\t\t}\n'
o1=['-DOPENCL_KERNEL_CODE','-DIS_HYBRID','-DANALYTIC_DE','-DMAX_RAYMARCHING=10000','-DFORMULA_ITER_0=MandelbulbIteration','-DFORMULA_ITER_1=MandelboxIteration','-DFORMULA_ITER_2=AmazingSurfIteration','-DNUMBER_OF_TEXTURES=16','-DPERSP_THREE_POINT','-DAO_MODE_MULTIPLE_RAYS']
o2=['-DOPENCL_KERNEL_CODE','-DIS_HYBRID','-DANALYTIC_DE','-DMAX_RAYMARCHING=10000','-DFORMULA_ITER_0=MandelbulbIteration','-DFORMULA_ITER_1=MandelboxIteration','-DFORMULA_ITER_2=AmazingSurfIteration','-DNUMBER_OF_TEXTURES=16','-DBOX_FOLDING','-DSPHERICAL_FOLDING','-DITERATION_WEIGHT','-DDELTA_DE','-DDELTA_LOG_DE','-DAO_MODE_FAST','-DPERSP_FISH_EYE','-DBOOLEAN_OPERATORS']
for mode,opts,tag in [('full',o1,'full'),('limited',o1,'limited'),('fast',o1,'fast'),('full',o2,'full2')]:
    txt='#define USE_OPENCL 1\n'+''.join(open(f'{md}/opencl/{h}',errors='replace').read()+'\n' for h in hdrs)+open(f'{eng}/basic_foldings.cl').read()+'\n'
    for fm in ('mandelbulb','mandelbox','amazing_surf'): txt+=open(f'{md}/formula/opencl/{fm}.cl').read()+'\n'
    for f in order:
        if mode=='fast' and (f in nonfast or f in shaders): continue
        if mode!='full' and f=='ray_recursion.cl': continue
        t=open(f'{eng}/{f}',errors='replace').read()
        if f=='compute_fractal.cl': t=t.replace('// PLACEHOLDER_FOR_FORMULA_ITER',sw)
        txt+=t+'\n'
    txt+=open(f'{eng}/{mode}_engine.cl').read()+'\n'
    add('mandelbulber_engine',tag,gen('mandelbulber_engine',tag,txt),opts+(['-DFULL_ENGINE'] if mode=='full' else []),[f'{md}/opencl'])
# hashcat inc_* libraries: one module using each (first m*.cl that includes it, not already sampled)
sampled=set(c['src'] for c in cfgs if c['repo']=='hashcat')
incs=sorted(os.path.basename(f) for f in glob.glob(f'{hd}/OpenCL/inc_*.cl'))
users={}
for f in hf:
    t=open(f,errors='replace').read()
    for i in incs:
        if i not in users and f'/{i})' in t: users[i]=f
covered=set()
for f in sampled:
    t=open(f,errors='replace').read(); covered|={i for i in incs if f'/{i})' in t}
extra=sorted(set(users[i] for i in incs if i in users and i not in covered)-sampled)
hf_extra=extra
for f in hf_extra: hashcat_cfg(f,'hashcat_inc')
json.dump(cfgs,open(W+'/cfgs.json','w'))
print(Counter(c['repo'] for c in cfgs), len(cfgs))
