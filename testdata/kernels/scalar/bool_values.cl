//! kernel bool_values
//! global 64
//! arg buffer<int> 64 random(-3,3)
//! arg buffer<int> 192 out

// bool in private code: conversion to 0/1, logical operators, bool as int.
kernel void bool_values(global const int *a, global int *out) {
  int i = get_global_id(0);
  bool b = a[i];
  bool c = a[i] > 0 && a[i] < 3;
  out[3 * i + 0] = b;
  out[3 * i + 1] = c + b;
  out[3 * i + 2] = !b || c;
}
