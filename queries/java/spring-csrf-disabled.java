package com.acme.security;

import org.springframework.context.annotation.Bean;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.web.SecurityFilterChain;

public class SecurityConfig {

    @Bean
    SecurityFilterChain legacy(HttpSecurity http) throws Exception {
        // ruleid: java/spring-csrf-disabled
        http.csrf().disable()
            .authorizeRequests().anyRequest().authenticated();
        return http.build();
    }

    @Bean
    SecurityFilterChain lambdaStyle(HttpSecurity http) throws Exception {
        http
            // ruleid: java/spring-csrf-disabled
            .csrf(csrf -> csrf.disable())
            .formLogin(Customizer.withDefaults());
        // ruleid: java/spring-csrf-disabled
        http.csrf(AbstractHttpConfigurer::disable);
        return http.build();
    }

    @Bean
    SecurityFilterChain safe(HttpSecurity http) throws Exception {
        http
            // ok: java/spring-csrf-disabled
            .csrf(csrf -> csrf.ignoringRequestMatchers("/api/webhooks/**"))
            // ok: java/spring-csrf-disabled
            .cors(cors -> cors.disable())
            // ok: java/spring-csrf-disabled
            .headers(h -> h.frameOptions().disable())
            // ok: java/spring-csrf-disabled
            .csrf(Customizer.withDefaults());
        return http.build();
    }
}
