kernel void k(global short2 *o, char2 c) { *o = c ? (short)1 : (short)2; }
