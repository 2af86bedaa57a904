//! kernel duff_device
//! global 32
//! local 8
//! arg buffer<int> 768 random(-1000,1000)
//! arg buffer<int> 768 out
//! arg buffer<int> 768 out

// Duff's device: the case labels of a switch inside the do-while of its
// body, copying through private and through global pointers.
void copy(private int *to, const private int *from, int count)
{
	int n = (count + 7) / 8;
	switch (count % 8) {
	case 0: do {	*to++ = *from++;
	case 7:		*to++ = *from++;
	case 6:		*to++ = *from++;
	case 5:		*to++ = *from++;
	case 4:		*to++ = *from++;
	case 3:		*to++ = *from++;
	case 2:		*to++ = *from++;
	case 1:		*to++ = *from++;
		} while (--n > 0);
	}
}

void copy_global(global int *to, global const int *from, int count)
{
	int n = (count + 3) / 4;
	switch (count & 3) {
	case 0:
		do {
			*to++ = *from++ + 1;
	case 3:
			*to++ = *from++ + 1;
	case 2:
			*to++ = *from++ + 1;
	case 1:
			*to++ = *from++ + 1;
		} while (--n > 0);
	}
}

kernel void duff_device(global const int *in, global int *out, global int *out2)
{
	int g = get_global_id(0);
	int src[24], dst[24];
	for (int i = 0; i < 24; i++) {
		src[i] = in[g * 24 + i];
		dst[i] = -1;
	}
	copy(dst, src, 1 + g % 23);
	for (int i = 0; i < 24; i++)
		out[g * 24 + i] = dst[i];
	for (int i = 0; i < 24; i++)
		out2[g * 24 + i] = 0;
	copy_global(out2 + g * 24, in + g * 24, 1 + (g * 7) % 24);
}
