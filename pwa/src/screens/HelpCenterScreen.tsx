// Placeholder until the content lands.
export default function HelpCenterScreen() {
  return <h1>HelpCenterScreen</h1>;
}
