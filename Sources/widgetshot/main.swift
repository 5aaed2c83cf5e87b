print("widgetshot")
