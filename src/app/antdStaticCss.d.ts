/**
 * `antd.static.css?<Component>` is one antd component's build-time CSS
 * (scripts/antd-css-loader.cjs). The loader adds these imports itself wherever antd is imported by
 * name; a module that renders a component's markup without antd's code imports its CSS by hand.
 */
declare module '*/antd.static.css?Button'
declare module '*/antd.static.css?Flex'
