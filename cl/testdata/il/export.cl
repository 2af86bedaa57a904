// A function with external linkage: compiled alone (clCompileProgram) it
// is exported (LinkageAttributes Export) for import.cl to call.
int twice_plus(int x, int y) { return 2 * x + y; }
