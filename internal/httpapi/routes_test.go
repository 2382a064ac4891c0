package httpapi

import (
	"os"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestRoutesMatchOpenAPI fails when a route exists in routes.go but not in
// api/openapi.yaml, or the other way round.
func TestRoutesMatchOpenAPI(t *testing.T) {
	b, err := os.ReadFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("api/openapi.yaml: %v", err)
	}
	var documented []string
	for p, ops := range doc.Paths {
		for m := range ops {
			switch m {
			case "get", "put", "post", "delete", "patch":
				documented = append(documented, strings.ToUpper(m)+" "+p)
			}
		}
	}
	_, patterns := newServer(testDeps(t, true))
	var served []string
	for _, p := range patterns {
		served = append(served, strings.Replace(p, "{$}", "", 1))
	}
	slices.Sort(documented)
	slices.Sort(served)
	for _, s := range served {
		if !slices.Contains(documented, s) {
			t.Errorf("served but not in api/openapi.yaml: %s", s)
		}
	}
	for _, d := range documented {
		if !slices.Contains(served, d) {
			t.Errorf("in api/openapi.yaml but not served: %s", d)
		}
	}
}
