// global 1
// %s from string literals, %c, %% and text without conversions. (No
// width with a precision on %s: PoCL truncates the padded field, "%5.1s"
// of "x" printing " " where C99 says "    x".)
kernel void strings(global int *ret) {
  ret[0] = printf("plain text\n");
  ret[1] = printf("%s|%10s|%-10s|%.2s|%s|%.9s\n", "hello", "right", "left", "cut", "", "x");
  ret[2] = printf("100%% sure %c%c %%d %%%%\n", 'o', 'k');
  printf("%s %s %s\n", "same", "same", "other");
  printf("tab\there, quote \" and backslash \\ end\n");
  printf("");
  printf("%d%s%d\n", 1, "-", 2);
}
