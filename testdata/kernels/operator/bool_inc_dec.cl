//! kernel bool_inc_dec
//! global 8
//! local 4
//! arg buffer<int> 32 out

// ++ and -- on bool (C99 6.5.2.4: the result of b + 1 or b - 1 converted
// to bool): ++ sets it, -- flips it; a loop toggles a flag with ++ (as
// scrypt kernels do: for (bool flag = false;; ++flag)).
kernel void bool_inc_dec(global int *out)
{
	int g = get_global_id(0);
	int n = 0;
	for (bool f = false;; ++f) {
		n += g + 1;
		if (f)
			break;
	}
	bool a = (g & 1) != 0;
	bool b = a++;
	bool c = (g & 2) != 0;
	bool d = c--;
	bool e = --c;
	out[4 * g] = n;
	out[4 * g + 1] = a * 10 + b;
	out[4 * g + 2] = c * 10 + d;
	out[4 * g + 3] = e;
}
