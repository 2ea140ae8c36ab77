import javax.servlet.http.HttpServletRequest;

public class LoginCheck {
    public boolean login(HttpServletRequest request, String password) {
        // ruleid: java/hardcoded-password-comparison
        if (password.equals("Tr0ub4dor&3")) {
            return true;
        }
        // ruleid: java/hardcoded-password-comparison
        if ("k3y-9f8e7d6c5b4a".equals(request.getHeader("X-Api-Key"))) {
            return true;
        }
        String hash = sha256Hex(password);
        // ruleid: java/hardcoded-password-comparison
        return hash.equalsIgnoreCase("5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8");
    }

    public boolean checks(User user, String password) {
        // ok: java/hardcoded-password-comparison
        if (password.equals("")) {
            return false;
        }
        // ok: java/hardcoded-password-comparison
        if (user.getRole().equals("administrator")) {
            return true;
        }
        // ok: java/hardcoded-password-comparison
        return user.getPasswordHash().equals(hashOf(password));
    }
}
