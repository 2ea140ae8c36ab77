package com.acme.session;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.beans.XMLDecoder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;

public class SessionCodec {

    public Object decode(byte[] cookie) throws IOException, ClassNotFoundException {
        // ruleid: java/unsafe-deserialization
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(cookie))) {
            return in.readObject();
        }
    }

    public Object importSettings(InputStream xml) {
        // ruleid: java/unsafe-deserialization
        XMLDecoder decoder = new XMLDecoder(xml);
        return decoder.readObject();
    }

    public ObjectMapper legacyMapper() {
        ObjectMapper mapper = new ObjectMapper();
        // ruleid: java/unsafe-deserialization
        mapper.enableDefaultTyping();
        return mapper;
    }

    // ruleid: java/unsafe-deserialization
    @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS, property = "@class")
    public static abstract class Event {
    }

    // --- safe look-alikes ---
    // ok: java/unsafe-deserialization
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    public static abstract class Command {
    }

    public Object decodeFiltered(byte[] data) throws IOException, ClassNotFoundException {
        // ok: java/unsafe-deserialization
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                if (!desc.getName().startsWith("com.acme.session.")) {
                    throw new InvalidClassException("blocked", desc.getName());
                }
                return super.resolveClass(desc);
            }
        };
        return in.readObject();
    }

    public void encode(Object session, OutputStream out) throws IOException {
        // ok: java/unsafe-deserialization
        ObjectOutputStream oos = new ObjectOutputStream(out);
        oos.writeObject(session);
        // ok: java/unsafe-deserialization
        Event e = new ObjectMapper().readValue("{}", Event.class);
    }
}
