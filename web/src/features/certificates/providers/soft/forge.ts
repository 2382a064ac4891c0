/**
 * forge is node-forge with exactly the modules the soft provider needs loaded (PKCS#12 pulls
 * in ASN.1, PBES2/3DES/RC2, RSA and X.509; SHA-256 for the MAC and signatures): importing
 * lib/ modules instead of the package keeps TLS, SSH and the rest out of the bundle. Every
 * file of the provider imports forge from here, so the modules are loaded before use.
 */
import forge from 'node-forge/lib/forge';
import 'node-forge/lib/asn1';
import 'node-forge/lib/pkcs12';
import 'node-forge/lib/sha256';
import 'node-forge/lib/util';

export default forge;
