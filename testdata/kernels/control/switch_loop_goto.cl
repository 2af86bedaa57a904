//! kernel switch_loop_goto
//! global 64
//! local 16
//! arg buffer<uchar> 1024 random(0,255)
//! arg buffer<int> 64 out

// A byte-code interpreter: a switch inside a loop with gotos from one
// case into the middle of another, a goto out of a switch nested in a
// case, continue from inside the switch, and a case label of the outer
// switch reached by goto.
int run(global const uchar *code, int n, int x)
{
	int pc = 0, acc = x, steps = 0;
	while (pc < n && steps < 64) {
		steps++;
		uchar op = code[pc++];
		switch (op & 7) {
		case 0:
			acc += 1;
			goto add2;
		case 1:
			acc *= 3;
			break;
		case 2:
add2:
			acc += 2;
			break;
		case 3:
			if (acc & 1)
				goto twice;
			acc -= 5;
			continue;
		case 4:
			switch (acc & 3) {
			case 0:
				acc ^= 0x55;
				break;
			case 1:
				goto done;
			default:
				acc += 7;
			}
			break;
		case 5:
twice:
			acc = acc * 2 % 10007;
			if (acc > 5000)
				goto sub;
			break;
		case 6:
sub:
			acc -= 11;
			pc++;
			break;
		default:
			acc = (acc * 7 + 1) % 10007;
		}
		acc %= 100000;
	}
done:
	return acc * 1000 + pc * 10 + (steps & 7);
}

kernel void switch_loop_goto(global const uchar *code, global int *out)
{
	int g = get_global_id(0);
	out[g] = run(code + 16 * g, 16, g);
}
