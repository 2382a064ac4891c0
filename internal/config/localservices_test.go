package config

import (
	"strings"
	"testing"
)

func TestLocalServicesDefaultToTheVendorsPorts(t *testing.T) {
	c, err := Load(nil, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, s := range c.CALocalServices {
		got[s.Vendor]++
	}
	if got["bjca"] != 2 || got["netca"] != 3 || got["longmai"] != 2 || got["szca"] != 2 {
		t.Fatalf("defaults: %+v", c.CALocalServices)
	}
	if c.CALocalServices[0] != (LocalService{"bjca", "ws://127.0.0.1:21051"}) {
		t.Fatalf("first: %+v", c.CALocalServices[0])
	}
}

func TestLocalServicesAreLoopbackOriginsOnly(t *testing.T) {
	c, err := Load([]string{"--ca-local-services", " longmai=http://127.0.0.1:5999/ , netca=wss://[::1]:10443,bjca=ws://localhost:21051"}, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := []LocalService{{"longmai", "http://127.0.0.1:5999"}, {"netca", "wss://[::1]:10443"}, {"bjca", "ws://localhost:21051"}}
	if len(c.CALocalServices) != len(want) {
		t.Fatalf("got %+v", c.CALocalServices)
	}
	for i := range want {
		if c.CALocalServices[i] != want[i] {
			t.Fatalf("got %+v", c.CALocalServices)
		}
	}
	if c, err := Load([]string{"--ca-local-services", ""}, env(nil)); err != nil || len(c.CALocalServices) != 0 {
		t.Fatalf("empty: %v %+v", err, c)
	}
	for _, bad := range []string{
		"bjca=ws://10.0.0.5:21051",         // not loopback
		"bjca=wss://ca.example.com:21061",  // a name other than localhost
		"bjca=ws://127.0.0.1",              // no port
		"bjca=ftp://127.0.0.1:21",          // scheme
		"bjca=ws://127.0.0.1:21051/xtxapp", // a path is not an origin
		"gdca=ws://127.0.0.1:1",            // no adapter
		"ws://127.0.0.1:21051",             // no vendor
		"bjca=*",
	} {
		_, err := Load([]string{"--ca-local-services", bad}, env(nil))
		if err == nil || !strings.Contains(err.Error(), "ca-local-services") && !strings.Contains(err.Error(), "CA_LOCAL_SERVICES") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
