//! kernel builtin_typedef_names
//! global 16
//! local 4
//! arg buffer<int> 64 out

// uchar, uint, size_t and the vector type names are typedefs in clang's
// OpenCL headers, so real code uses them as struct member and variable
// names (Mandelbulber's "cl_int int2;"): after a type specifier such a name
// is the declarator's, and a declaration hides the type in its scope.
typedef int my_int;
typedef struct {
	my_int int2;
	float float4;
	int uchar;
	uint size_t;
} fields;

int pick(int uint, fields f)
{
	return uint * f.int2 + f.uchar;
}

kernel void builtin_typedef_names(global int *out)
{
	int g = get_global_id(0);
	fields f;
	f.int2 = g + 1;
	f.float4 = 0.5f * (float)g;
	f.uchar = 3;
	f.size_t = 7u;
	int int4 = f.int2 + f.uchar;
	my_int float2 = 4;
	{
		uint4 v = (uint4)(1, 2, 3, 4);
		out[4 * g] = int4 + (int)f.float4 + float2 + (int)v.w;
	}
	out[4 * g + 1] = pick(g, f);
	out[4 * g + 2] = (int)sizeof(int4) + (int)f.size_t;
	out[4 * g + 3] = (int)sizeof(uint4);
}
