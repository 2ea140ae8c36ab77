<%@ page contentType="text/html;charset=UTF-8" %>
<%@ taglib prefix="c" uri="http://java.sun.com/jsp/jstl/core" %>
<p>Rate for <c:out value="${currency}"/>: <c:out value="${rate}" default="unknown"/></p>
