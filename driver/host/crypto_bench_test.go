package host_test

import (
	"path/filepath"
	"testing"
)

// cryptoKernels are the integer-heavy corpus files of issue 16 (hash
// rounds, a PBKDF2 loop, a T-table cipher), in testdata/kernels/crypto.
var cryptoKernels = []string{"md5", "sha1", "sha256", "sha512", "pbkdf2", "aes_ttable"}

// cryptoFile is the path of crypto kernel name.
func cryptoFile(name string) string {
	return filepath.Join("..", "..", "testdata", "kernels", "crypto", name+".cl")
}

// BenchmarkCrypto times the crypto corpus on the host driver at the sizes
// in the files, reporting CPU and wall time per work-item; for profiles:
// go test ./driver/host -run '^$' -bench 'Crypto/sha256' -cpuprofile cpu.out
func BenchmarkCrypto(b *testing.B) {
	for _, name := range cryptoKernels {
		b.Run(name, func(b *testing.B) { benchTier(b, cryptoFile(name), "") })
	}
}

// BenchmarkCryptoPoCL times the same on the reference: the fastest kernel
// run (profiling start to end) per work-item.
func BenchmarkCryptoPoCL(b *testing.B) {
	for _, name := range cryptoKernels {
		b.Run(name, func(b *testing.B) { benchPoCL(b, cryptoFile(name), "ns/item") })
	}
}
