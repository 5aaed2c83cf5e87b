struct V: View {
    var body: some View {
        Text("x").background(Color.black.opacity(5.6)).foregroundColor(Color.red.opacity(-2))
    }
}
