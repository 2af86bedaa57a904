package fmath

import (
	"math/big"
	"testing"
)

// TestTwoOverPi checks the constant pieces of 2/pi against 2/pi to 512
// bits: each piece is the nearest 28-bit value to what the ones before
// leave.
func TestTwoOverPi(t *testing.T) {
	const prec = 512
	rest := new(big.Float).SetPrec(prec).Quo(new(big.Float).SetPrec(prec).SetInt64(2), bigPi(prec))
	for i, c := range TwoOverPi {
		piece := new(big.Float).SetPrec(28).SetMode(big.ToNearestEven).Set(rest)
		want, _ := piece.Float64()
		if c != want {
			t.Errorf("TwoOverPi[%d] = %x, want %x", i, c, want)
		}
		rest.Sub(rest, piece)
	}
}

// bigPi is pi to prec bits by Machin's formula, 16 atan(1/5) - 4
// atan(1/239).
func bigPi(prec uint) *big.Float {
	atanInv := func(n int64) *big.Float {
		// atan(1/n) = sum (-1)**k / ((2k+1) n**(2k+1))
		sum := new(big.Float).SetPrec(prec + 32)
		pow := new(big.Float).SetPrec(prec+32).Quo(big.NewFloat(1).SetPrec(prec+32), big.NewFloat(float64(n)))
		n2 := big.NewFloat(float64(n * n)).SetPrec(prec + 32)
		eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(prec)-16)
		for k := int64(0); ; k++ {
			term := new(big.Float).SetPrec(prec+32).Quo(pow, big.NewFloat(float64(2*k+1)))
			if k%2 == 0 {
				sum.Add(sum, term)
			} else {
				sum.Sub(sum, term)
			}
			if term.Cmp(eps) < 0 {
				return sum
			}
			pow.Quo(pow, n2)
		}
	}
	a := atanInv(5)
	a.Mul(a, big.NewFloat(16))
	b := atanInv(239)
	b.Mul(b, big.NewFloat(4))
	return a.Sub(a, b).SetPrec(prec)
}
