<?php
// Answers every request with what PHP itself parsed from it, as JSON: the query and the form
// body through PHP's own parser of bracketed keys (`metadata[order_id]`, `expand[]`,
// `items[0][price]`), the cookies, and the method, path and Content-Type. Run with `php -S`.
header('Content-Type: application/json');
echo json_encode([
    'method' => $_SERVER['REQUEST_METHOD'],
    'path' => parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH),
    'contentType' => $_SERVER['CONTENT_TYPE'] ?? null,
    'query' => (object) $_GET,
    'form' => (object) $_POST,
    'cookies' => (object) $_COOKIE,
], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
