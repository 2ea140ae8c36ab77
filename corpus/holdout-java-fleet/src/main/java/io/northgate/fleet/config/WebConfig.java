package io.northgate.fleet.config;

import io.northgate.fleet.web.DriverCardServlet;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.boot.web.client.RestTemplateBuilder;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestTemplate;

@Configuration
public class WebConfig {

    @Bean
    public RestTemplate restTemplate(RestTemplateBuilder builder) {
        return builder
            .setConnectTimeout(Duration.ofSeconds(3))
            .setReadTimeout(Duration.ofSeconds(10))
            .build();
    }

    /** The driver card page predates the Spring port and is still a plain servlet. */
    @Bean
    public ServletRegistrationBean<DriverCardServlet> driverCardServlet(DataSource dataSource) {
        return new ServletRegistrationBean<>(new DriverCardServlet(dataSource), "/drivers/card");
    }
}
