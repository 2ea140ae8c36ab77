package com.harbor.ledger;

import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.client.RestTemplateBuilder;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.web.client.RestTemplate;

import com.harbor.ledger.config.LedgerSettings;
import com.harbor.ledger.web.BatchImportServlet;
import com.harbor.ledger.web.LegacyLedgerServlet;

/**
 * Harbor ledger: the finance team's general ledger. The data source comes from the usual
 * spring.datasource.* properties, which the deployment fills from the environment.
 */
@SpringBootApplication
@EnableConfigurationProperties(LedgerSettings.class)
public class LedgerApplication {

    public static void main(String[] args) {
        SpringApplication.run(LedgerApplication.class, args);
    }

    @Bean
    public RestTemplate restTemplate(RestTemplateBuilder builder) {
        return builder
            .setConnectTimeout(Duration.ofSeconds(5))
            .setReadTimeout(Duration.ofSeconds(15))
            .build();
    }

    @Bean
    public ServletRegistrationBean<LegacyLedgerServlet> legacyLedgerServlet(DataSource dataSource) {
        return new ServletRegistrationBean<>(new LegacyLedgerServlet(dataSource), "/legacy/*");
    }

    @Bean
    public ServletRegistrationBean<BatchImportServlet> batchImportServlet(LedgerSettings settings) {
        return new ServletRegistrationBean<>(new BatchImportServlet(settings), "/import/*");
    }
}
