// Placeholder until the content lands.
export default function ContactUsScreen() {
  return <h1>ContactUsScreen</h1>;
}
