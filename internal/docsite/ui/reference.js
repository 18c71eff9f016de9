// Starts Swagger UI on the service's own contract. Everything it loads comes
// from this origin: the contract from /openapi.yaml, and "Try it out" calls
// the serving instance (the contract's server is "/"). The validator badge
// is off, since it would send the contract to an outside service.
window.ui = SwaggerUIBundle({
  url: '/openapi.yaml',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  validatorUrl: null,
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 1,
  displayRequestDuration: true,
  showCommonExtensions: true,
  queryConfigEnabled: false,
  supportedSubmitMethods: ['get', 'head', 'post'],
});
