import X509
import Crypto
import _CryptoExtras
