// hashcat Argon2 (m34000_init) as a clgo run spec: two work-items, parallelism 1,
// the first two blocks of a lane written to d_extra0/1. Needs the hashcat tree at
// /tmp/survey/src/hashcat (d3983edaf). clgo check --device host m34000_init_run.cl
//! kernel m34000_init
//! global 2
//! local 1
//! options -DKERNEL_STATIC -DINCLUDE_PATH=OpenCL -DXM2S(x)=#x -DM2S(x)=XM2S(x) -DMAX_THREADS_PER_BLOCK=256 -DLOCAL_MEM_TYPE=2 -DVENDOR_ID=64 -DCUDA_ARCH=0 -DHAS_ADD=0 -DHAS_ADDC=0 -DHAS_SUB=0 -DHAS_SUBC=0 -DHAS_VADD=0 -DHAS_VADDC=0 -DHAS_VADD_CO=0 -DHAS_VADDC_CO=0 -DHAS_VSUB=0 -DHAS_VSUBB=0 -DHAS_VSUB_CO=0 -DHAS_VSUBB_CO=0 -DHAS_VPERM=0 -DHAS_VADD3=0 -DHAS_VBFE=0 -DHAS_BFE=0 -DHAS_LOP3=0 -DHAS_MOV64=0 -DHAS_PRMT=0 -DHAS_SHFW=0 -DVECT_SIZE=1 -DDEVICE_TYPE=2 -DDGST_R0=0 -DDGST_R1=1 -DDGST_R2=2 -DDGST_R3=3 -DDGST_ELEM=32 -DKERN_TYPE=34000 -DATTACK_EXEC=10 -DATTACK_KERN=0 -DATTACK_MODE=0 -I /tmp/survey/src/hashcat -DARGON2_PARALLELISM=1
//! arg buffer<uint> 130 [1684234849,1751606885,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,8]
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 130 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 512 [287454020,287454020,287454020,287454020,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,16,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]
//! arg buffer<uint> 36 [2,19,1,1,16,4,16,16,32]
//! arg buffer<uint> 64 zero
//! arg buffer<uint> 1024 zero
//! arg buffer<uint> 1024 zero
//! arg buffer<uint> 1024 zero
//! arg buffer<uint> 1024 zero
//! arg buffer<uint> 16 [0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0]
#include "/tmp/survey/src/hashcat/OpenCL/m34000-pure.cl"
