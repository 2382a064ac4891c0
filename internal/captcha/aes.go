package captcha

import (
	"bytes"
	"crypto/aes"
	"encoding/base64"
	"errors"
)

// AJ-Captcha obfuscates the client's points with AES-128 in ECB mode,
// PKCS#7 padding, base64 (standard alphabet, padded), keyed by the UTF-8
// bytes of the 16-character secretKey it hands out with each captcha. ECB is
// not a sound cipher mode, but it is what existing clients speak; the key
// travels in the clear next to the image, so this is obfuscation of the wire
// format, not confidentiality, and nothing here relies on it for security.

// errBadCiphertext hides which step of decryption failed: the caller only
// needs to know the points could not be read.
var errBadCiphertext = errors.New("captcha: malformed pointJson ciphertext")

// EncryptECB returns base64(AES-128-ECB-PKCS7(plain)) under the UTF-8 bytes
// of key, exactly as AJ-Captcha's aesEncrypt does in the browser.
func EncryptECB(plain, key string) (string, error) {
	block, err := aes.NewCipher([]byte(key))
	if err != nil {
		return "", err
	}
	bs := block.BlockSize()
	pad := bs - len(plain)%bs
	buf := make([]byte, len(plain)+pad)
	copy(buf, plain)
	for i := len(plain); i < len(buf); i++ {
		buf[i] = byte(pad)
	}
	for i := 0; i < len(buf); i += bs {
		block.Encrypt(buf[i:i+bs], buf[i:i+bs])
	}
	return base64.StdEncoding.EncodeToString(buf), nil
}

// DecryptECB reverses EncryptECB, checking the padding fully so that a
// wrong key is reported as an error rather than returning garbage.
func DecryptECB(cipherText, key string) (string, error) {
	block, err := aes.NewCipher([]byte(key))
	if err != nil {
		return "", err
	}
	buf, err := base64.StdEncoding.DecodeString(cipherText)
	if err != nil {
		return "", errBadCiphertext
	}
	bs := block.BlockSize()
	if len(buf) == 0 || len(buf)%bs != 0 {
		return "", errBadCiphertext
	}
	for i := 0; i < len(buf); i += bs {
		block.Decrypt(buf[i:i+bs], buf[i:i+bs])
	}
	pad := int(buf[len(buf)-1])
	if pad == 0 || pad > bs || !bytes.Equal(buf[len(buf)-pad:], bytes.Repeat([]byte{byte(pad)}, pad)) {
		return "", errBadCiphertext
	}
	return string(buf[:len(buf)-pad]), nil
}
