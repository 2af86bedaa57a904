// global 256 local 64 sorted
// Many work-items over several groups: the order between work-items is
// unspecified, so the lines are compared sorted.
kernel void many(global int *ret) {
  int g = get_global_id(0);
  ret[g] = printf("item %3d local %2d group %d\n", g, (int)get_local_id(0), (int)get_group_id(0));
  if (g % 3 == 0)
    printf("three %d %v2hld\n", g / 3, (int2)(g, -g));
}
