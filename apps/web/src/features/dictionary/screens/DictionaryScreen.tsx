export default function DictionaryScreen() {
  return <div>数据字典</div>;
}
