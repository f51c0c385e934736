export function ConsoleApp() {
  return <h1>Console</h1>;
}
