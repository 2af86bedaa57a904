package config

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// Every CLGO_ variable that a non-test Go file reads is in Vars, read
// through this package, and in the README.
func TestEveryVariableListed(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Vars {
		if !strings.Contains(string(readme), "`"+v.Name+"`") {
			t.Errorf("%s is not in the README", v.Name)
		}
	}
	direct := regexp.MustCompile(`os\.(Getenv|LookupEnv)\("CLGO_`)
	for _, dir := range []string{"compiler", "driver", "cl", "cmd", "spirv", "internal"} {
		walk(t, "../../"+dir, func(path string, src []byte) {
			if direct.Match(src) {
				t.Errorf("%s reads a CLGO_ variable with os.Getenv; use config.Get", path)
			}
		})
	}
}

func TestGetReload(t *testing.T) {
	t.Setenv(VulkanKeep, "0")
	Reload()
	if Get(VulkanKeep) != "0" {
		t.Fatal("not read")
	}
	t.Setenv(VulkanKeep, "")
	if Get(VulkanKeep) != "0" {
		t.Fatal("read again without Reload")
	}
	Reload()
	if Get(VulkanKeep) != "" {
		t.Fatal("Reload did not read")
	}
	defer func() {
		if recover() == nil {
			t.Error("an unknown name did not panic")
		}
	}()
	Get("CLGO_NOPE")
}
