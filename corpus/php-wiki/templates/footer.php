</main>
<footer class="site">Content is available under CC BY-SA 4.0.</footer>
</body>
</html>
