import java.beans.XMLDecoder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Base64;
import java.util.Map;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.commons.lang3.SerializationUtils;
import org.springframework.web.bind.annotation.*;

public class BatchImportServlet extends HttpServlet {
    private static final String FILTER_COOKIE = "ledger_filter";
    private String snapshotFile;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object batch;
        try {
            // ruleid: java/taint-unsafe-deserialization
            // ruleid: java/unsafe-deserialization
            batch = new ObjectInputStream(request.getInputStream()).readObject();
        } catch (ClassNotFoundException e) {
            response.sendError(400);
            return;
        }
        request.getSession().setAttribute("batch", batch);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String encoded = null;
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie cookie : cookies) {
                if (FILTER_COOKIE.equals(cookie.getName())) {
                    encoded = cookie.getValue();
                }
            }
        }
        if (encoded != null) {
            byte[] raw = Base64.getUrlDecoder().decode(encoded);
            // ruleid: java/taint-unsafe-deserialization
            // ruleid: java/unsafe-deserialization
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(raw))) {
                request.getSession().setAttribute("filter", in.readObject());
            } catch (ClassNotFoundException e) {
                log("stale filter cookie", e);
            }
        }
        // ok: java/taint-unsafe-deserialization
        // ok: java/unsafe-deserialization
        try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(Paths.get(snapshotFile)))) {
            request.setAttribute("rates", in.readObject());
        } catch (ClassNotFoundException e) {
            response.sendError(503);
        }
        // ok: java/taint-unsafe-deserialization
        ObjectInputStream checked = new ObjectInputStream(request.getInputStream()) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                if (!desc.getName().startsWith("com.harbor.")) {
                    throw new ClassNotFoundException(desc.getName());
                }
                return super.resolveClass(desc);
            }
        };
        // ruleid: java/unsafe-deserialization
        // ruleid: java/taint-unsafe-deserialization
        XMLDecoder decoder = new XMLDecoder(request.getInputStream());
        decoder.readObject();
    }
}

@RestController
class SessionController {
    @PostMapping("/session/restore")
    public Object restore(@RequestBody String state) {
        byte[] bytes = Base64.getDecoder().decode(state.strip());
        // ruleid: java/taint-unsafe-deserialization
        return SerializationUtils.deserialize(bytes);
    }

    @PostMapping("/session/echo")
    public Map<String, Object> echo(@RequestBody Map<String, Object> state) {
        // ok: java/taint-unsafe-deserialization
        return Map.of("state", state);
    }

    public Object load(byte[] stored) {
        // ok: java/taint-unsafe-deserialization
        return SerializationUtils.deserialize(stored);
    }
}
