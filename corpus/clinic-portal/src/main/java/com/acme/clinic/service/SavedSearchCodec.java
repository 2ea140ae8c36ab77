package com.acme.clinic.service;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Base64;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Saved patient-search filters are kept client side in the "saved_search"
 * cookie so that they survive a logout.
 */
@Component
public class SavedSearchCodec {

    public static class SavedSearch implements Serializable {
        private static final long serialVersionUID = 1L;
        public String name;
        public Map<String, String> filters;
    }

    public String encode(SavedSearch search) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(buf)) {
            out.writeObject(search);
        }
        return Base64.getUrlEncoder().encodeToString(buf.toByteArray());
    }

    public SavedSearch decode(String cookieValue) throws IOException, ClassNotFoundException {
        byte[] raw = Base64.getUrlDecoder().decode(cookieValue);
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(raw))) {
            return (SavedSearch) in.readObject();
        }
    }
}
