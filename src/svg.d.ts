// SVG files are bundled as their source text (for LabIcon).
declare module '*.svg' {
  const value: string;
  export default value;
}
