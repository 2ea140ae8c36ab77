import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpSession;

public class LoginController {
    private final UserService users = new UserService();

    public void impersonate(HttpServletRequest request) {
        String name = request.getParameter("user");
        // ruleid: java/taint-trust-boundary
        request.getSession().setAttribute("user", name);
    }

    public void elevate(HttpServletRequest request, HttpSession session) {
        String role = request.getHeader("X-Role");
        if (role == null) {
            role = "viewer";
        }
        // ruleid: java/taint-trust-boundary
        session.setAttribute("userRole", role.trim());
    }

    public void anyAttribute(HttpServletRequest request, HttpSession session) {
        String key = request.getParameter("key");
        // ruleid: java/taint-trust-boundary
        session.setAttribute(key, "on");
    }

    public void legacy(HttpServletRequest request) {
        // ruleid: java/taint-trust-boundary
        request.getSession(true).putValue("authenticated", request.getParameter("ok"));
    }

    public void login(HttpServletRequest request, HttpSession session) {
        String name = request.getParameter("user");
        String password = request.getParameter("password");
        User user = users.authenticate(name, password);
        // ok: java/taint-trust-boundary
        session.setAttribute("user", user);
    }

    public void preferences(HttpServletRequest request, HttpSession session) {
        // A preference the client may choose is not trusted state.
        // ok: java/taint-trust-boundary
        session.setAttribute("locale", request.getParameter("lang"));
        // ok: java/taint-trust-boundary
        session.setAttribute("book", request.getParameter("book"));
    }

    public void fixed(HttpSession session) {
        String role = "viewer";
        // ok: java/taint-trust-boundary
        session.setAttribute("role", role);
    }

    public void cache(HttpServletRequest request, java.util.Map<String, Object> cache) {
        // Not a session.
        // ok: java/taint-trust-boundary
        cache.put("user", request.getParameter("user"));
    }
}
