//! kernel string_match
//! global 64
//! arg buffer<char> 1088 random(97,100)
//! arg buffer<int> 64 out

// Naive substring search of a __constant pattern in each work-item's 16-char window of text.
constant char pattern[] = "abca";

kernel void string_match(global const char *text, global int *out) {
  int g = get_global_id(0);
  int hits = 0;
  for (int s = 0; s < 16; s++) {
    int k = 0;
    while (pattern[k] && text[16 * g + s + k] == pattern[k]) k++;
    if (!pattern[k]) hits++;
  }
  out[g] = hits;
}
