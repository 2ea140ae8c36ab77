import javax.crypto.spec.SecretKeySpec;
import com.auth0.jwt.algorithms.Algorithm;
import io.jsonwebtoken.Jwts;

public class Keys {
    public SecretKeySpec aes() {
        // ruleid: java/hardcoded-crypto-key
        return new SecretKeySpec("0123456789abcdef".getBytes(), "AES");
    }

    public SecretKeySpec bytes() {
        // ruleid: java/hardcoded-crypto-key
        return new SecretKeySpec(new byte[] {0x13, 0x37, 0x42, 0x24, 0x11, 0x22, 0x33, 0x44}, "DES");
    }

    public String token(String user) {
        // ruleid: java/hardcoded-crypto-key
        Algorithm algorithm = Algorithm.HMAC256("s3cr3t-signing-key");
        // ruleid: java/hardcoded-crypto-key
        return Jwts.builder().setSubject(user).signWith(SignatureAlgorithm.HS256, "s3cr3t-signing-key").compact();
    }

    public SecretKeySpec fromConfig(byte[] key, String secret) {
        // ok: java/hardcoded-crypto-key
        SecretKeySpec spec = new SecretKeySpec(key, "AES");
        // ok: java/hardcoded-crypto-key
        Algorithm algorithm = Algorithm.HMAC256(secret);
        // ok: java/hardcoded-crypto-key
        return new SecretKeySpec(System.getenv("APP_KEY").getBytes(), "AES");
    }
}
