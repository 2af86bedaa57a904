//! kernel arg_address
//! global 32
//! local 8
//! arg buffer<float> 64 out
//! arg float4 (1.5,2.0,-3.25,4.0)
//! arg int 5

// The address of by-value kernel arguments: a vector argument read through
// a float pointer by a helper, an int argument updated through a pointer
// (each work-item has its own copy).
float dot_n(const float *v, int n)
{
	float s = 0.0f;
	for (int i = 0; i < n; i++)
		s += v[i] * (float)(i + 1);
	return s;
}

void step(int *p, int by)
{
	*p += by;
}

kernel void arg_address(global float *out, float4 w, int n)
{
	int g = get_global_id(0);
	step(&n, g);
	out[2 * g] = dot_n((const float *)&w, 4) + (float)n;
	out[2 * g + 1] = dot_n((const float *)&w + 1, 2) * (float)g;
}
