<nav class="sidebar compact"><a href="/index.php?action=recent">Recent changes</a></nav>
