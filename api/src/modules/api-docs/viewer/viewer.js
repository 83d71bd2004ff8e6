/* global SwaggerUIBundle */
// Loaded as a file, not inline, so the store's Content-Security-Policy (script-src 'self') holds here too.
SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  tryItOutEnabled: false,
});
