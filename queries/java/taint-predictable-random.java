package com.acme.games;

import java.io.PrintWriter;
import java.security.SecureRandom;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import javax.crypto.spec.IvParameterSpec;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletResponse;

public class Tickets {

    private final Random random = new Random();
    private final SecureRandom secure = new SecureRandom();

    public void printTicket() {
        Random generator = new Random();
        int ticket = generator.nextInt(1000000);
        // ruleid: java/taint-predictable-random
        System.out.println("your ticket: " + ticket);
    }

    public void issue(HttpServletResponse response) throws Exception {
        long id = ThreadLocalRandom.current().nextLong();
        // ruleid: java/taint-predictable-random, java/cookie-without-secure
        response.addCookie(new Cookie("ticket", Long.toHexString(id)));
        PrintWriter out = response.getWriter();
        // ruleid: java/taint-predictable-random
        out.println((int) (Math.random() * 1000));
    }

    public IvParameterSpec iv() {
        Random generator = new Random(System.nanoTime());
        byte[] bytes = Long.toString(generator.nextLong()).getBytes();
        // ruleid: java/taint-predictable-random
        return new IvParameterSpec(bytes);
    }

    // --- safe look-alikes ---
    public void internal(List<String> players) throws InterruptedException {
        Collections.shuffle(players, random);
        long delay = 100 + random.nextInt(50);
        Thread.sleep(delay);
        int shard = new Random().nextInt(16);
        // ok: java/taint-predictable-random
        System.out.println("picked shard " + players.size());
        // ok: java/taint-predictable-random
        System.out.println("ticket " + secure.nextInt(1000000));
        if (shard > 3) {
            // ok: java/taint-predictable-random
            System.out.println("late shard");
        }
    }
}
