package identity_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"bidpass/internal/identity"
)

// FuzzDecodeSubmissions feeds the decoders of review payloads (real-name
// submissions and change requests, which carry what the registration and
// account-centre forms sent and what a reviewer decides on) arbitrary JSON.
// Properties: no panic; whatever decodes survives an encode and a second
// decode unchanged (the old aliases certDetailAddr and licenseId included),
// so a stored item reads back as it was written.
func FuzzDecodeSubmissions(f *testing.F) {
	f.Add([]byte(`{"source":"registration","account":"zhangsan01","realName":"张三","certType":"1","certNum":"11010519491231002X","certValid":true,"certDetailAddr":"北京市"}`))
	f.Add([]byte(`{"type":"A1","name":"福建路桥","licenseId":"f1","personFrontId":"p1","linkPhone":"13700137000"}`))
	f.Add([]byte(`{"subject":"person","class":"identity","changes":[{"key":"realName","fieldName":"姓名","beforeValue":"张三","afterValue":"李四"}],"prevAuthState":1}`))
	f.Add([]byte(`{"subject":"enterprise","class":"license","changes":null,"prevAuthState":-1e3}`))
	f.Add([]byte(`{"subject":"robot"}`))
	f.Add([]byte(`[1,2,3]`))
	f.Add([]byte(`{"certAddress":"","certDetailAddr":"\ud800"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		roundTrip(t, raw, identity.DecodePersonRealName)
		roundTrip(t, raw, identity.DecodeEnterpriseRealName)
		roundTrip(t, raw, identity.DecodeChangeRequest)
	})
}

func roundTrip[T any](t *testing.T, raw []byte, decode func([]byte) (T, error)) {
	t.Helper()
	v, err := decode(raw)
	if err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%T of %q does not encode: %v", v, raw, err)
	}
	w, err := decode(b)
	if err != nil {
		t.Fatalf("%T of %q: its encoding %s does not decode: %v", v, raw, b, err)
	}
	if !reflect.DeepEqual(v, w) {
		t.Fatalf("%T of %q changed over a round trip:\n%+v\n%+v", v, raw, v, w)
	}
}
