// A constant that does not fit the char it initializes (a warning).
kernel void k(global char *p) {
  char c = 300;
  p[0] = c;
}
